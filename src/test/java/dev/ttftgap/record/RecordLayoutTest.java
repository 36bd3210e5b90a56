package dev.ttftgap.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins the flat JSON line of a record whose every field is set: the names, their order and the
 * values exactly as {@code records.jsonl} wrote them before the record was grouped into parts (the
 * expected line was written by the 44-component record; fields added since come at its end only, so
 * that older readers and older lines keep working).
 */
class RecordLayoutTest {
  /**
   * Every one of the 50 fields set, each to a value no other field has where possible (the last
   * four, issue 25's, added at the end of the line).
   */
  static RequestRecord everyField() {
    Map<String, Double> serverTimings = new LinkedHashMap<>();
    serverTimings.put("queue_time_ms", 812.5);
    serverTimings.put("prefill_time_ms", 40.25);
    return RequestRecord.builder()
        .identity(id -> id.run("run-20261130").userId(7).requestId("chatcmpl-7"))
        .level(
            lv ->
                lv.phase(RequestPhase.HOLD)
                    .step(3)
                    .stepLabel("step 3 · 6 rps")
                    .offeredRate(6.0)
                    .concurrency(12))
        .input(
            in ->
                in.model("Qwen/Qwen2.5-7B-Instruct")
                    .promptTokens(512)
                    .maxTokens(128)
                    .prompts("repeated")
                    .sharedPrefixTokens(300)
                    .conversationId("c7")
                    .turn(2)
                    .askedPromptTokens(500)
                    .servedPromptTokens(512)
                    .api("responses"))
        .timings(
            t ->
                t.startEpochMillis(1_764_470_000_007L)
                    .ttfbMillis(120L)
                    .ttftMillis(400L)
                    .gapMillis(280L)
                    .firstContentMillis(430L)
                    .firstReasoningMillis(400L)
                    .e2eMillis(5510L)
                    .itlMillis(List.of(30L, 0L, 5000L))
                    .tpotMillis(1703.3333333333333)
                    .firstToolCallMillis(450L))
        .micros(
            us ->
                us.ttfbMicros(120_345L)
                    .ttftMicros(400_456L)
                    .gapMicros(280_111L)
                    .startEpochMicros(1_764_470_000_006_900L))
        .output(
            o ->
                o.outputTokens(4)
                    .outputTokensSource("usage")
                    .contentEvents(3)
                    .toolCalls(1)
                    .finishReason("tool_calls"))
        .serverTimings(serverTimings)
        .newConnection(false)
        .result(
            res ->
                res.outcome(Outcome.KO)
                    .reason(FailureReason.HTTP_STATUS)
                    .httpStatus(503)
                    .message("overloaded \"now\""))
        .health(h -> h.malformedChunks(1).stalls(1).longestStallMillis(5000L))
        .part(p -> p.injector(2).injectorCount(3).host("pod-b").runId("run-7"))
        .build();
  }

  private static final String EVERY_FIELD_LINE =
      "{\"run\":\"run-20261130\",\"userId\":7,\"requestId\":\"chatcmpl-7\",\"phase\":\"hold\",\"step\":3,\"stepLabel\":\"step 3 \u00b7 6 rps\",\"offeredRate\":6.0,\"concurrency\":12,\"model\":\"Qwen/Qwen2.5-7B-Instruct\",\"promptTokens\":512,\"maxTokens\":128,\"startEpochMillis\":1764470000007,\"ttfbMillis\":120,\"ttftMillis\":400,\"gapMillis\":280,\"firstContentMillis\":430,\"firstReasoningMillis\":400,\"e2eMillis\":5510,\"itlMillis\":[30,0,5000],\"tpotMillis\":1703.3333333333333,\"outputTokens\":4,\"outputTokensSource\":\"usage\",\"contentEvents\":3,\"serverTimings\":{\"queue_time_ms\":812.5,\"prefill_time_ms\":40.25},\"newConnection\":false,\"outcome\":\"ko\",\"reason\":\"http_status\",\"httpStatus\":503,\"message\":\"overloaded \\\"now\\\"\",\"prompts\":\"repeated\",\"sharedPrefixTokens\":300,\"conversationId\":\"c7\",\"turn\":2,\"malformedChunks\":1,\"stalls\":1,\"longestStallMillis\":5000,\"ttfbMicros\":120345,\"ttftMicros\":400456,\"gapMicros\":280111,\"startEpochMicros\":1764470000006900,\"injector\":2,\"injectorCount\":3,\"host\":\"pod-b\",\"runId\":\"run-7\",\"askedPromptTokens\":500,\"servedPromptTokens\":512,"
          + "\"api\":\"responses\",\"firstToolCallMillis\":450,\"toolCalls\":1,"
          + "\"finishReason\":\"tool_calls\"}";

  @Test
  void writesEveryFieldFlatInTheOrderRecordsJsonlHasAlwaysHad() throws Exception {
    assertThat(RecordJson.MAPPER.writeValueAsString(everyField()))
        .as("the line of a record with every field set, byte for byte as before the parts")
        .isEqualTo(EVERY_FIELD_LINE);
  }

  @Test
  void readsTheFlatLineBackIntoTheSameParts() throws Exception {
    assertThat(RecordReader.parse(EVERY_FIELD_LINE, "line"))
        .as("every field read back into its part")
        .isEqualTo(everyField());
  }

  @Test
  void readsFieldsInAnyOrderIgnoringUnknownAndNullOnes() throws Exception {
    RequestRecord read =
        RecordReader.parse(
            "{\"outcome\":\"ok\",\"future\":{\"a\":[1,2]},\"ttftMillis\":null,\"userId\":3,"
                + "\"run\":\"r\"}",
            "line");

    assertThat(read)
        .as("fields found by name, an unknown one skipped, null read as undefined")
        .isEqualTo(
            RequestRecord.builder()
                .identity(id -> id.run("r").userId(3))
                .result(res -> res.outcome(Outcome.OK))
                .build());
  }
}
