package dev.ttftgap.measure;

import static dev.ttftgap.measure.Chunks.DONE;
import static dev.ttftgap.measure.Chunks.content;
import static dev.ttftgap.measure.Chunks.error;
import static dev.ttftgap.measure.Chunks.role;
import static dev.ttftgap.measure.Chunks.usage;
import static dev.ttftgap.measure.TestStamps.stamped;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.StepLevel;
import dev.ttftgap.record.TestRecords;
import dev.ttftgap.stream.Chunk;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One worked request throughout: sent at 1000, headers at 1120, role chunk at 1150, first token
 * "Hi" at 1400, then each case goes its own way. The idle limit is 5000 ms.
 */
class RecordAssemblerTest {
  private static final RequestContext CTX =
      new RequestContext(
          RequestIdentity.of("run-1", 7),
          StepLevel.open(RequestPhase.STEP, 2, "step 2 · 4 rps", 4.0),
          RequestInput.builder().model("m").promptTokens(100).maxTokens(64).build(),
          5_000,
          true);
  private static final long FALLBACK_SEND = 990;
  private static final String FIRST_ID = "chatcmpl-1";
  private static final Chunk HI = content(FIRST_ID, "Hi");
  private static final ObservedRow CONNECTED = ok(RowNames.TTFB, 1_000, 1_120);
  private static final ObservedRow FIRST_TOKEN = ok(RowNames.GAP, 1_120, 1_400);
  private static final ObservedEvent ROLE = at(1_150, role(FIRST_ID));
  private static final String CRASHED = "SSE crashed while waiting for check: End of stream";
  private static final ObservedRow DECODE_TIMED_OUT =
      failed(RowNames.DECODE, 1_400, 301_400, "Check decode timeout");

  private static ObservedRow ok(String name, long startMillis, long endMillis) {
    return new ObservedRow(name, startMillis, endMillis, true, null);
  }

  private static ObservedRow failed(String name, long startMillis, long endMillis, String message) {
    return new ObservedRow(name, startMillis, endMillis, false, message);
  }

  private static ObservedEvent at(long epochMillis, Chunk chunk) {
    return new ObservedEvent(epochMillis, chunk);
  }

  private static RequestRecord assemble(List<ObservedRow> rows, ObservedEvent... events) {
    return RecordAssembler.assemble(CTX, rows, List.of(events), FALLBACK_SEND);
  }

  /**
   * The worked request past its first token (role chunk, then "Hi" logged at 1401, a millisecond
   * after its check row ended): {@code decode} and the later events decide the rest.
   */
  private static RequestRecord afterFirstToken(ObservedRow decode, ObservedEvent... later) {
    List<ObservedEvent> events = new java.util.ArrayList<>(List.of(ROLE, at(1_401, HI)));
    events.addAll(List.of(later));
    return RecordAssembler.assemble(
        CTX, List.of(CONNECTED, FIRST_TOKEN, decode), events, FALLBACK_SEND);
  }

  /**
   * The worked request served to its end: the {@code later} events, then {@code [DONE]}, matched by
   * its check row ending at {@code doneMillis} and logged a millisecond later.
   */
  private static RequestRecord servedUntil(long doneMillis, ObservedEvent... later) {
    List<ObservedEvent> events = new java.util.ArrayList<>(List.of(later));
    events.add(at(doneMillis + 1, DONE));
    return afterFirstToken(
        ok(RowNames.DECODE, 1_400, doneMillis), events.toArray(ObservedEvent[]::new));
  }

  private static void assertFailure(
      RequestRecord record, FailureReason reason, Integer httpStatus, String message) {
    assertThat(record.result().outcome()).as("a failed request is ko").isEqualTo(Outcome.KO);
    assertThat(record.result().reason()).as("its one failure reason").isEqualTo(reason);
    assertThat(record.result().httpStatus()).as("HTTP status of %s", reason).isEqualTo(httpStatus);
    assertThat(record.result().message()).as("message of %s", reason).isEqualTo(message);
  }

  @Test
  void okStreamHasEveryMetricAndTheContextsFields() {
    RequestRecord record =
        servedUntil(
            1_510,
            at(1_430, content(FIRST_ID, " there")),
            at(1_460, content(FIRST_ID, "!")),
            at(1_500, usage(FIRST_ID, 12, 3)));

    RequestRecord expected =
        TestRecords.builder()
            .identity(id -> id.run("run-1").userId(7).requestId(FIRST_ID))
            .level(lv -> lv.step(2).stepLabel("step 2 · 4 rps").offeredRate(4.0))
            .input(
                in ->
                    in.model("m")
                        .promptTokens(12)) // the server's usage wins over the context's 100
            .input(in -> in.askedPromptTokens(100)) // what the request was built for
            .input(in -> in.servedPromptTokens(12)) // the server's own count
            .input(in -> in.maxTokens(64))
            .input(in -> in.api("chat")) // the context named no API: chat
            .timings(t -> t.startEpochMillis(1_000))
            .timings(t -> t.ttfbMillis(120L))
            .timings(t -> t.ttftMillis(400L))
            .timings(t -> t.gapMillis(280L))
            .timings(t -> t.firstContentMillis(400L))
            .timings(t -> t.e2eMillis(510L)) // [DONE]: its check row ended at 1510
            .timings(t -> t.itlMillis(List.of(30L, 30L)))
            .health(h -> h.stalls(0))
            .timings(t -> t.tpotMillis(55.0)) // (510 − 400) / (3 − 1)
            .output(o -> o.outputTokens(3))
            .output(o -> o.outputTokensSource("usage"))
            .output(o -> o.contentEvents(3))
            .output(o -> o.toolCalls(0)) // none, said as 0 (null only in older records)
            .newConnection(true) // from the context
            .result(res -> res.httpStatus(200))
            .build();
    assertThat(record).isEqualTo(expected);
  }

  @Test
  void malformedChunksAreCountedEvenWhenTheRequestEndsOk() {
    Chunk truncated = Chunks.data("{\"choices\":[{\"delta\":{\"content\":");
    RequestRecord record =
        servedUntil(1_510, at(1_430, truncated), at(1_460, content(FIRST_ID, "!")));

    assertThat(record.ok()).as("the stream still ended with [DONE]").isTrue();
    assertThat(record.health().malformedChunks()).as("the truncated chunk, counted").isEqualTo(1);
    assertThat(servedUntil(1_510).health().malformedChunks()).as("none: absent, not 0").isNull();
  }

  @Test
  void tokenReadTogetherWithTheFirstTokenFollowsIt() {
    RequestRecord record =
        servedUntil(
            1_470, at(1_400, content(FIRST_ID, " there")), at(1_460, content(FIRST_ID, "!")));

    assertThat(record.timings().ttftMillis())
        .as("the first token is the matched event")
        .isEqualTo(400L);
    assertThat(record.timings().itlMillis())
        .as("same read → 0 ms, then 60 ms")
        .containsExactly(0L, 60L);
    assertThat(record.output().outputTokensSource()).as("no usage chunk").isEqualTo("tokenizer");
    assertThat(record.input().promptTokens()).as("no usage: the context's count").isEqualTo(100);
    assertThat(record.input().askedPromptTokens()).as("asked: the context's count").isEqualTo(100);
    assertThat(record.input().servedPromptTokens()).as("no usage: served undefined").isNull();
  }

  static Stream<Arguments> connectFailures() {
    return Stream.of(
        Arguments.of(
            "Server returned http response with code 429",
            FailureReason.HTTP_STATUS,
            429,
            "HTTP 429 (no error message in the body)"),
        Arguments.of(
            "Server returned http response with code 429: Rate limit reached for requests",
            FailureReason.HTTP_STATUS,
            429,
            "HTTP 429: Rate limit reached for requests"),
        Arguments.of(
            "Server returned http response with content-type application/json",
            FailureReason.WRONG_CONTENT_TYPE,
            200,
            "Server returned http response with content-type application/json"),
        Arguments.of(
            "AnnotatedConnectException: Connection refused: /127.0.0.1:9",
            FailureReason.CONNECTION_FAILED,
            null,
            "AnnotatedConnectException: Connection refused: /127.0.0.1:9"));
  }

  @ParameterizedTest(name = "{1}: {0}")
  @MethodSource("connectFailures")
  void failedConnectIsClassifiedByGatlingsMessage(
      String gatlingMessage, FailureReason reason, Integer httpStatus, String message) {
    RequestRecord record = assemble(List.of(failed(RowNames.TTFB, 1_000, 1_050, gatlingMessage)));

    assertFailure(record, reason, httpStatus, message);
    assertThat(record.timings().ttfbMillis()).as("no headers, no TTFB").isNull();
    assertThat(record.timings().e2eMillis()).as("send → end of the connect row").isEqualTo(50L);
  }

  @Test
  void noConnectRowIsAConnectionFailureAtTheFallbackSendTime() {
    RequestRecord record = assemble(List.of());

    assertFailure(record, FailureReason.CONNECTION_FAILED, null, "request was not sent");
    assertThat(record.timings().startEpochMillis()).isEqualTo(FALLBACK_SEND);
    assertThat(record.timings().e2eMillis()).as("nothing ended: undefined, not 0").isNull();
  }

  @Test
  void gapCheckTimeoutIsAFirstTokenTimeout() {
    RequestRecord record =
        assemble(
            List.of(CONNECTED, failed(RowNames.GAP, 1_120, 61_120, "Check gap timeout")), ROLE);

    assertFailure(record, FailureReason.FIRST_TOKEN_TIMEOUT, 200, "Check gap timeout");
    assertThat(record.timings().ttfbMillis()).isEqualTo(120L);
    assertThat(record.timings().ttftMillis()).as("no token, no TTFT").isNull();
    assertThat(record.timings().e2eMillis()).as("send → the timeout at 61120").isEqualTo(60_120L);
  }

  @Test
  void streamEndedBeforeAnyTokenIsAStreamErrorWhenAnErrorEventCameElseNoContent() {
    ObservedRow crashed = failed(RowNames.GAP, 1_120, 1_300, CRASHED);

    RequestRecord withError =
        assemble(List.of(CONNECTED, crashed), ROLE, at(1_290, error("upstream overloaded")));
    RequestRecord withoutError = assemble(List.of(CONNECTED, crashed), ROLE);

    assertFailure(withError, FailureReason.STREAM_ERROR, 200, "stream error: upstream overloaded");
    assertFailure(
        withoutError, FailureReason.NO_CONTENT, 200, "no content before the end of the stream");
  }

  @Test
  void doneBeforeAnyTokenIsNoContent() {
    RequestRecord record =
        assemble(
            List.of(
                CONNECTED,
                failed(RowNames.GAP, 1_120, 1_300, "gap: found no content before [DONE]")),
            ROLE,
            at(1_300, DONE));

    assertFailure(record, FailureReason.NO_CONTENT, 200, "no content before the end of the stream");
    assertThat(record.timings().e2eMillis()).as("[DONE] at 1300").isEqualTo(300L);
  }

  /** Decode row's end and Gatling message, the failure it means, its message, e2e (send → end). */
  @ParameterizedTest(name = "{2}: {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
"""
301400 | Check decode timeout | STREAM_TIMEOUT | Check decode timeout        | 300400
1500   | SSE crashed while waiting for check: End of stream                   | NO_DONE        | stream ended without [DONE] | 500
""")
  void decodeCheckFailureAfterTokensIsAStreamTimeoutOrNoDone(
      long endMillis, String gatlingMessage, FailureReason reason, String message, long e2eMillis) {
    RequestRecord record =
        afterFirstToken(
            failed(RowNames.DECODE, 1_400, endMillis, gatlingMessage),
            at(1_430, content(FIRST_ID, " there")));

    assertFailure(record, reason, 200, message);
    assertThat(record.timings().ttftMillis()).as("the first token still counts").isEqualTo(400L);
    assertThat(record.timings().e2eMillis())
        .as("send → end of the decode row")
        .isEqualTo(e2eMillis);
  }

  @Test
  void twoChunkIdsAreARestartedStream() {
    RequestRecord record =
        afterFirstToken(
            failed(
                RowNames.DECODE,
                1_400,
                2_000,
                "decode: stream restarted: chunk id chatcmpl-2 after chatcmpl-1"),
            at(2_000, role("chatcmpl-2")));

    assertFailure(
        record,
        FailureReason.STREAM_RESTARTED,
        200,
        "stream restarted: the connection dropped and the POST was re-sent; chunk ids [chatcmpl-1,"
            + " chatcmpl-2]");
    assertThat(record.identity().requestId()).as("the first stream's id").isEqualTo(FIRST_ID);
  }

  @Test
  void silenceLongerThanTheIdleLimitIsAnIdleTimeoutEvenWhenTheChecksPassedOrTimedOut() {
    // " there" arrives 6030 ms after the first token: over the 5000 ms limit
    ObservedEvent late = at(7_430, content(FIRST_ID, " there"));
    String idle = "no event for 6030 ms (idle timeout 5000 ms)";

    RequestRecord finished = servedUntil(7_440, late);
    RequestRecord timedOut = afterFirstToken(DECODE_TIMED_OUT, late);

    assertFailure(finished, FailureReason.IDLE_TIMEOUT, 200, idle);
    assertFailure(timedOut, FailureReason.IDLE_TIMEOUT, 200, idle);
  }

  @Test
  void preciseStampsGiveMicrosecondDurationsBesideGatlingsMilliseconds() {
    RequestStamps stamps = stamped(7_000_000_000L, 999_600L, 7_119_600_000L, 7_399_512_000L);

    RequestRecord record =
        RecordAssembler.assemble(
            CTX,
            List.of(CONNECTED, FIRST_TOKEN, ok(RowNames.DECODE, 1_400, 1_500)),
            List.of(ROLE, at(1_400, HI), at(1_500, DONE)),
            FALLBACK_SEND,
            stamps);

    assertThat(record.timings().ttfbMillis()).as("Gatling's TTFB, whole ms").isEqualTo(120L);
    assertThat(record.micros().ttfbMicros()).as("the stamps' TTFB, µs").isEqualTo(119_600L);
    assertThat(record.micros().ttftMicros()).as("the stamps' TTFT, µs").isEqualTo(399_512L);
    assertThat(record.micros().gapMicros()).as("the stamps' gap, µs").isEqualTo(279_912L);
    assertThat(record.micros().startEpochMicros())
        .as("their origin, µs since the epoch")
        .isEqualTo(999_600L);
  }

  @Test
  void theSeenConnectionReplacesTheEstimateAndGivesSetUpAndProtocol() {
    RequestStamps stamps = stamped(7_000_000_000L, 999_600L, 7_119_600_000L, 7_399_512_000L);
    stamps.written(7_004_250_000L, false);
    stamps.protocol(true);

    RequestRecord record =
        RecordAssembler.assemble(
            CTX.withNewConnection(true),
            List.of(CONNECTED, FIRST_TOKEN, ok(RowNames.DECODE, 1_400, 1_500)),
            List.of(ROLE, at(1_400, HI), at(1_500, DONE)),
            FALLBACK_SEND,
            stamps);

    assertThat(record.newConnection()).as("measured: the channel had carried a request").isFalse();
    assertThat(record.micros().setupMicros()).as("send → written, µs").isEqualTo(4_250L);
    assertThat(record.httpVersion()).isEqualTo("2");
    assertThat(record.micros().ttfbMicros()).as("the rest kept").isEqualTo(119_600L);
  }

  @Test
  void aRequestWithoutHeadersGetsNoPreciseTimingsEvenIfStamped() {
    RequestStamps stamps = stamped(7_000_000_000L, 7_119_600_000L, null);

    RequestRecord record =
        RecordAssembler.assemble(
            CTX,
            List.of(
                failed(RowNames.TTFB, 1_000, 1_120, "Server returned http response with code 429")),
            List.of(),
            FALLBACK_SEND,
            stamps);

    assertThat(record.timings().ttfbMillis()).as("a failed connect has no TTFB").isNull();
    assertThat(record.micros().ttfbMicros()).as("nor a precise one").isNull();
    assertThat(record.micros().ttftMicros()).isNull();
  }
}
