package dev.ttftgap.record;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Test records: {@link #builder()} for any record (a {@link RequestRecordBuilder} with a test's
 * defaults), the named samples the record tests share (one with every field set, one with every
 * nullable field null, one still in flight), and two common endings of a request.
 */
public final class TestRecords {
  private TestRecords() {}

  /**
   * A builder that starts as run {@code "run"}, phase step, step 1, outcome ok, every other field
   * undefined (null, or 0 for the two primitive fields {@code userId} and {@code
   * startEpochMillis}).
   */
  public static RequestRecordBuilder builder() {
    return RequestRecord.builder()
        .identity(id -> id.run("run"))
        .level(lv -> lv.phase(RequestPhase.STEP).step(1))
        .result(res -> res.outcome(Outcome.OK));
  }

  /** Every field set, the way a finished streaming request writes them. */
  public static RequestRecord full(long userId) {
    return builder()
        .identity(id -> id.run("run-20261130").userId(userId).requestId("chatcmpl-" + userId))
        .level(lv -> lv.step(3).stepLabel("step 3 · 6 rps").offeredRate(6.0))
        .input(
            in ->
                in.model("Qwen/Qwen2.5-7B-Instruct")
                    .promptTokens(512)
                    .maxTokens(128)
                    .prompts("distinct")
                    .sharedPrefixTokens(300)
                    .conversationId("c7")
                    .turn(2))
        .timings(
            t ->
                t.startEpochMillis(1_764_470_000_000L + userId)
                    .ttfbMillis(120L)
                    .ttftMillis(400L)
                    .gapMillis(280L)
                    .firstContentMillis(430L)
                    .firstReasoningMillis(400L)
                    .e2eMillis(510L)
                    .itlMillis(List.of(30L, 0L, 30L))
                    .tpotMillis(36.666666666666664))
        .health(h -> h.stalls(0).malformedChunks(1))
        .output(o -> o.outputTokens(4).outputTokensSource("usage").contentEvents(3))
        .serverTimings(Map.of("queue_time_ms", 812.5))
        .newConnection(true)
        .result(res -> res.httpStatus(200))
        .build();
  }

  /**
   * A finished tool-call turn on the Messages API: the fields issue 25 added set ({@code api},
   * {@code firstToolCallMillis}, {@code toolCalls}, {@code finishReason}), no content, so no TTFT
   * when the run waits for content.
   */
  public static RequestRecord toolCallTurn(long userId) {
    return builder()
        .identity(id -> id.run("run-20261130").userId(userId).requestId("msg_" + userId))
        .input(in -> in.model("claude-x").promptTokens(900).maxTokens(256).api("messages"))
        .timings(
            t ->
                t.startEpochMillis(1_764_470_000_000L + userId)
                    .ttfbMillis(110L)
                    .firstToolCallMillis(350L)
                    .e2eMillis(700L))
        .output(
            o ->
                o.outputTokens(24)
                    .outputTokensSource("usage")
                    .contentEvents(6)
                    .toolCalls(2)
                    .finishReason("tool_use"))
        .result(res -> res.httpStatus(200))
        .build();
  }

  /** {@link #full} with the load generator's precise timings, µs. */
  public static RequestRecord precise(long userId) {
    return full(userId).withMicros(120_345L, 400_456L, 280_111L, 1_764_470_000_000_000L + userId);
  }

  /** Every nullable field null: a warm-up request whose connection was refused. */
  public static RequestRecord minimal(long userId) {
    return builder()
        .identity(id -> id.userId(userId))
        .level(lv -> lv.phase(RequestPhase.WARMUP).step(0))
        .timings(t -> t.startEpochMillis(5L))
        .result(
            res ->
                res.outcome(Outcome.KO)
                    .reason(FailureReason.CONNECTION_FAILED)
                    .message("Connection refused"))
        .build();
  }

  /** The user ids of the records in {@code file}, in file order. */
  public static List<Long> userIdsIn(Path file) {
    return RecordReader.read(file).stream().map(r -> r.identity().userId()).toList();
  }

  /** A request with headers but no token yet, as an in-flight snapshot records it. */
  public static RequestRecord inFlight(long userId) {
    return builder()
        .identity(id -> id.userId(userId).requestId("chatcmpl-x"))
        .level(lv -> lv.stepLabel("step 1 · 2 rps").offeredRate(2.0))
        .input(in -> in.model("m").promptTokens(100).maxTokens(64))
        .timings(t -> t.startEpochMillis(1000L).ttfbMillis(120L))
        .output(o -> o.contentEvents(0))
        .result(res -> res.httpStatus(200))
        .build();
  }

  /**
   * {@code request} served to its end, after its {@code ttfbMillis}: the first token at {@code
   * ttftMillis} (so the gap is TTFT − TTFB), {@code tokens} tokens counted by the usage chunk, one
   * content event each, TPOT = (e2e − TTFT) / (tokens − 1), HTTP 200.
   */
  public static RequestRecordBuilder streamed(
      RequestRecordBuilder request,
      long ttftMillis,
      long e2eMillis,
      List<Long> itlMillis,
      int tokens) {
    long ttfbMillis = request.build().timings().ttfbMillis();
    return request
        .timings(
            t ->
                t.ttftMillis(ttftMillis)
                    .gapMillis(ttftMillis - ttfbMillis)
                    .firstContentMillis(ttftMillis)
                    .e2eMillis(e2eMillis)
                    .itlMillis(itlMillis)
                    .tpotMillis((e2eMillis - ttftMillis) / (double) (tokens - 1)))
        .output(o -> o.outputTokens(tokens).outputTokensSource("usage").contentEvents(tokens))
        .result(res -> res.httpStatus(200));
  }

  /**
   * {@code request} refused with HTTP 429 "queue full", as a server whose waiting queue is full
   * answers.
   */
  public static RequestRecordBuilder queueFull(RequestRecordBuilder request) {
    return request.result(
        res ->
            res.outcome(Outcome.KO)
                .reason(FailureReason.HTTP_STATUS)
                .httpStatus(429)
                .message("queue full"));
  }
}
