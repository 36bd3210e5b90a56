package dev.ttftgap.measure;

import static dev.ttftgap.measure.Chunks.DONE;
import static dev.ttftgap.measure.Chunks.answerEnd;
import static dev.ttftgap.measure.Chunks.content;
import static dev.ttftgap.measure.Chunks.end;
import static dev.ttftgap.measure.Chunks.errorEvent;
import static dev.ttftgap.measure.Chunks.finish;
import static dev.ttftgap.measure.Chunks.reasoning;
import static dev.ttftgap.measure.Chunks.role;
import static dev.ttftgap.measure.Chunks.toolCall;
import static dev.ttftgap.measure.Chunks.usage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.StepLevel;
import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.stream.TtftKind;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Turns of issue 25: tool calls, reasoning, other APIs, the server's errors in every shape, and a
 * TTFT counted to one kind of output. Every request is sent at 1000 with its headers at 1120; the
 * chunks are built as the grammars classify them. The idle limit is 5000 ms.
 */
class RecordAssemblerTurnsTest {
  private static final String CHAT_ID = "chatcmpl-1";
  private static final String MSG_ID = "msg_1";
  private static final ObservedRow CONNECTED = ok(RowNames.TTFB, 1_000, 1_120);
  private static final String CRASHED = "SSE crashed while waiting for check: End of stream";

  private static RequestContext context(String api, TtftKind kind) {
    return new RequestContext(
            RequestIdentity.of("run-1", 7),
            StepLevel.open(RequestPhase.STEP, 1, "step 1 · 2 rps", 2.0),
            RequestInput.builder().model("m").promptTokens(100).maxTokens(64).api(api).build(),
            5_000,
            false)
        .withTtftKind(kind);
  }

  private static ObservedRow ok(String name, long startMillis, long endMillis) {
    return new ObservedRow(name, startMillis, endMillis, true, null);
  }

  private static ObservedRow failed(String name, long startMillis, long endMillis, String message) {
    return new ObservedRow(name, startMillis, endMillis, false, message);
  }

  private static ObservedEvent at(long epochMillis, dev.ttftgap.stream.Chunk chunk) {
    return new ObservedEvent(epochMillis, chunk);
  }

  private static RequestRecord assemble(
      RequestContext ctx, List<ObservedRow> rows, ObservedEvent... events) {
    return RecordAssembler.assemble(ctx, rows, List.of(events), 990);
  }

  /** The rows of a request that connected (its TTFB row) and then ran {@code after}. */
  private static List<ObservedRow> connected(ObservedRow... after) {
    return Stream.concat(Stream.of(CONNECTED), Stream.of(after)).toList();
  }

  /**
   * A request of {@code api} waiting for content whose first-token check failed at {@code gapEnd}
   * with {@code message}, after {@code events}.
   */
  private static RequestRecord contentWaitFailedAtGap(
      String api, long gapEnd, String message, ObservedEvent... events) {
    return assemble(
        context(api, TtftKind.CONTENT),
        connected(failed(RowNames.GAP, 1_120, gapEnd, message)),
        events);
  }

  /** The rows of a request served to its end: first-token check ends at {@code gapEnd}. */
  private static List<ObservedRow> served(long gapEnd, long doneEnd) {
    return connected(ok(RowNames.GAP, 1_120, gapEnd), ok(RowNames.DECODE, gapEnd, doneEnd));
  }

  /**
   * Chat's tool-call turn: role, the call's start at 1400, two argument pieces, finish, usage,
   * [DONE]; its first-token check passed at {@code gapEnd}.
   */
  private static RequestRecord chatToolCallTurn(TtftKind kind, long gapEnd) {
    return assemble(
        context("chat", kind),
        served(gapEnd, 1_510),
        at(1_150, role(CHAT_ID)),
        at(1_400, toolCall(CHAT_ID, 0, "call_1", "get_weather", "")),
        at(1_430, toolCall(CHAT_ID, 0, null, null, "{\"city\":")),
        at(1_460, toolCall(CHAT_ID, 0, null, null, "\"Paris\"}")),
        at(1_470, finish(CHAT_ID, "tool_calls")),
        at(1_480, usage(CHAT_ID, 100, 9)),
        at(1_511, DONE));
  }

  @Test
  void aChatToolCallTurnIsOkWithItsTokensAndItsFirstToolCallAsTheTtftOfAnyKind() {
    RequestRecord record = chatToolCallTurn(TtftKind.ANY, 1_400);

    assertThat(record.result().outcome()).as("a tool call is an answer").isEqualTo(Outcome.OK);
    assertThat(record.timings().ttftMillis()).as("first output: the call's start").isEqualTo(400L);
    assertThat(record.timings().gapMillis()).isEqualTo(280L);
    assertThat(record.timings().firstToolCallMillis()).isEqualTo(400L);
    assertThat(record.timings().firstContentMillis()).as("no content").isNull();
    assertThat(record.output().toolCalls()).as("one call, three pieces").isEqualTo(1);
    assertThat(record.output().finishReason()).isEqualTo("tool_calls");
    assertThat(record.output().outputTokens()).as("its tokens, from usage").isEqualTo(9);
    assertThat(record.output().contentEvents()).as("the three pieces").isEqualTo(3);
    assertThat(record.timings().e2eMillis()).as("[DONE] at the decode row's end").isEqualTo(510L);
    assertThat(record.input().api()).isEqualTo("chat");
  }

  @Test
  void aChatToolCallTurnIsOkWithoutTtftWhenTheRunWaitsForContent() {
    // the first-token check passed at the finish chunk (1470): no content can follow it
    RequestRecord record = chatToolCallTurn(TtftKind.CONTENT, 1_470);

    assertThat(record.result().outcome()).as("not no_content").isEqualTo(Outcome.OK);
    assertThat(record.timings().ttftMillis()).as("no content, no TTFT").isNull();
    assertThat(record.timings().gapMillis()).as("nor a gap").isNull();
    assertThat(record.timings().ttfbMillis()).isEqualTo(120L);
    assertThat(record.timings().firstToolCallMillis()).as("logged at 1400").isEqualTo(400L);
    assertThat(record.output().toolCalls()).isEqualTo(1);
    assertThat(record.output().outputTokens()).isEqualTo(9);
  }

  @Test
  void aMessagesToolCallTurnIsOkWhenTheRunWaitsForContent() {
    // two tool_use blocks; the first-token check passed at message_delta (stop_reason tool_use),
    // the end-of-stream check at message_stop
    RequestRecord record =
        assemble(
            context("messages", TtftKind.CONTENT),
            served(1_590, 1_600),
            at(1_130, role(MSG_ID)),
            at(1_350, toolCall(MSG_ID, 0, "toolu_1", "get_weather", "")),
            at(1_360, toolCall(MSG_ID, 0, null, null, "{\"city\":\"Paris\"}")),
            at(1_450, toolCall(MSG_ID, 1, "toolu_2", "get_time", "")),
            at(1_460, toolCall(MSG_ID, 1, null, null, "{\"tz\":\"CET\"}")),
            at(1_590, answerEnd(MSG_ID, "tool_use", 31)),
            at(1_601, end(MSG_ID)));

    assertThat(record.result().outcome()).as("a finished tool-call turn").isEqualTo(Outcome.OK);
    assertThat(record.output().toolCalls()).as("two tool_use blocks").isEqualTo(2);
    assertThat(record.output().finishReason()).isEqualTo("tool_use");
    assertThat(record.output().outputTokens()).isEqualTo(31);
    assertThat(record.timings().firstToolCallMillis()).isEqualTo(350L);
    assertThat(record.timings().ttftMillis()).isNull();
    assertThat(record.timings().e2eMillis()).as("message_stop at its row's end").isEqualTo(600L);
    assertThat(record.input().api()).isEqualTo("messages");
  }

  @Test
  void aToolCallTurnWhoseEndTheFirstCheckTookIsOk() {
    // Responses without a finish chunk: the first-token check, waiting for content, took
    // response.completed, so the end-of-stream check found the stream over
    RequestRecord record =
        assemble(
            context("responses", TtftKind.CONTENT),
            connected(
                ok(RowNames.GAP, 1_120, 1_600), failed(RowNames.DECODE, 1_600, 1_601, CRASHED)),
            at(1_350, toolCall("resp_1", 0, "fc_1", "get_weather", "")),
            at(1_360, toolCall("resp_1", 0, null, null, "{}")),
            at(1_600, end("resp_1")));

    assertThat(record.result().outcome()).as("not no_done").isEqualTo(Outcome.OK);
    assertThat(record.timings().e2eMillis()).as("response.completed at 1600").isEqualTo(600L);
    assertThat(record.output().toolCalls()).isEqualTo(1);
    assertThat(record.output().finishReason()).as("none was said").isNull();
  }

  @Test
  void aStreamThatEndsWithoutOutputOfAnyKindIsStillNoContent() {
    RequestContext ctx = context("chat", TtftKind.CONTENT);

    RequestRecord finished =
        assemble(
            ctx,
            served(1_300, 1_310),
            at(1_150, role(CHAT_ID)),
            at(1_300, finish(CHAT_ID, "stop")),
            at(1_311, DONE));
    RequestRecord doneTaken =
        assemble(
            ctx,
            connected(
                ok(RowNames.GAP, 1_120, 1_300), failed(RowNames.DECODE, 1_300, 1_301, CRASHED)),
            at(1_150, role(CHAT_ID)),
            at(1_300, DONE));

    for (RequestRecord record : List.of(finished, doneTaken)) {
      assertThat(record.result().reason()).isEqualTo(FailureReason.NO_CONTENT);
      assertThat(record.result().message()).isEqualTo("no content before the end of the stream");
    }
  }

  /** A reasoning turn: reasoning from 1400, the answer's content from 1600, [DONE] at 1700. */
  private static RequestRecord reasoningTurn(TtftKind kind, long gapEnd) {
    return assemble(
        context("chat", kind),
        served(gapEnd, 1_700),
        at(1_150, role(CHAT_ID)),
        at(1_401, reasoning(CHAT_ID, "Let")),
        at(1_500, reasoning(CHAT_ID, " me")),
        at(1_601, content(CHAT_ID, "Hi")),
        at(1_650, content(CHAT_ID, "!")),
        at(1_701, DONE));
  }

  @Test
  void aReasoningTurnCountsItsTtftToTheRunsKindAndKeepsEveryKindsFirst() {
    RequestRecord any = reasoningTurn(TtftKind.ANY, 1_400);
    RequestRecord content = reasoningTurn(TtftKind.CONTENT, 1_600);

    assertThat(any.timings().ttftMillis()).as("any: the first reasoning").isEqualTo(400L);
    assertThat(any.timings().gapMillis()).isEqualTo(280L);
    assertThat(content.timings().ttftMillis()).as("content: the answer's first").isEqualTo(600L);
    assertThat(content.timings().gapMillis()).isEqualTo(480L);
    for (RequestRecord record : List.of(any, content)) {
      assertThat(record.ok()).isTrue();
      assertThat(record.timings().firstReasoningMillis()).isIn(400L, 401L);
      assertThat(record.timings().firstContentMillis()).isIn(600L, 601L);
      assertThat(record.output().contentEvents()).as("both kinds are output").isEqualTo(4);
      assertThat(record.timings().firstToolCallMillis()).isNull();
      assertThat(record.output().toolCalls()).isZero();
    }
    assertThat(content.timings().firstReasoningMillis())
        .as("reasoning keeps its logged time when the gap row ends at content")
        .isEqualTo(401L);
    assertThat(content.timings().firstContentMillis())
        .as("content takes the gap row's end")
        .isEqualTo(600L);
  }

  @Test
  void aReasoningTurnTimesOutWhenTheContentWaitOutlastsTheFirstTokenTimeout() {
    RequestRecord record =
        contentWaitFailedAtGap(
            "chat",
            61_120,
            "Check gap timeout",
            at(1_150, role(CHAT_ID)),
            at(1_401, reasoning(CHAT_ID, "Let")),
            at(5_000, reasoning(CHAT_ID, " me")));

    assertThat(record.result().reason()).isEqualTo(FailureReason.FIRST_TOKEN_TIMEOUT);
    assertThat(record.timings().ttftMillis()).as("no content came").isNull();
    assertThat(record.timings().firstReasoningMillis()).isEqualTo(401L);
  }

  @ParameterizedTest
  @EnumSource(TtftKind.class)
  void anErrorLineFailsTheRequestWithTheServersMessageWhateverTheStreamShowed(TtftKind kind) {
    String line = "{\"code\":500,\"message\":\"context size exceeded\",\"type\":\"server_error\"}";
    RequestStamps stamps = new RequestStamps();
    stamps.errorLine(line);
    String said = "stream error: " + ChunkClassifier.errorLine(line).errorMessage();

    // llama.cpp: the error: line (which Gatling drops), then [DONE] and no content
    RequestRecord noContent =
        RecordAssembler.assemble(
            context("chat", kind),
            connected(failed(RowNames.GAP, 1_120, 1_300, "gap: found no content before [DONE]")),
            List.of(at(1_150, role(CHAT_ID)), at(1_300, DONE)),
            990,
            stamps);
    // ... or after some content, the stream otherwise complete
    RequestRecord afterContent =
        RecordAssembler.assemble(
            context("chat", kind),
            served(1_400, 1_500),
            List.of(at(1_400, content(CHAT_ID, "Hi")), at(1_501, DONE)),
            990,
            stamps);

    for (RequestRecord record : List.of(noContent, afterContent)) {
      assertThat(record.result().reason())
          .as("not no_content")
          .isEqualTo(FailureReason.STREAM_ERROR);
      assertThat(record.result().message()).as("the server's message").isEqualTo(said);
      assertThat(record.result().httpStatus()).isEqualTo(200);
    }
    assertThat(said).contains("context size exceeded");
  }

  @Test
  void anErrorEventOfAnyApiIsAStreamError() {
    // Messages: event: error, {"type":"error","error":{"type":"overloaded_error",...}}
    RequestRecord record =
        contentWaitFailedAtGap(
            "messages",
            1_200,
            "gap: found stream error: Overloaded",
            at(1_130, role(MSG_ID)),
            at(1_200, errorEvent("Overloaded")));

    assertThat(record.result().reason()).isEqualTo(FailureReason.STREAM_ERROR);
    assertThat(record.result().message()).isEqualTo("stream error: Overloaded");
  }

  @ParameterizedTest
  @EnumSource(
      value = TtftKind.class,
      names = {"ANY", "CONTENT"})
  void aRoleOnlyFirstChunkIsNoOutput(TtftKind kind) {
    RequestRecord record =
        assemble(
            context("chat", kind),
            served(1_400, 1_500),
            at(1_121, role(CHAT_ID)),
            at(1_400, content(CHAT_ID, "Hi")),
            at(1_430, content(CHAT_ID, "!")),
            at(1_501, DONE));

    assertThat(record.ok()).isTrue();
    assertThat(record.timings().ttftMillis())
        .as("the role chunk at 1121 is no token")
        .isEqualTo(400L);
    assertThat(record.output().contentEvents()).isEqualTo(2);
    assertThat(record.identity().requestId()).isEqualTo(CHAT_ID);
  }

  @Test
  void preciseStampsCountToTheFirstEventOfTheRunsKind() {
    EventLog log = new EventLog(TtftKind.CONTENT);
    log.stamps().sent(1_000_000_000L);
    log.stamps().headers(1_120_000_000L);
    log.add(1_401, 1_400_500_000L, reasoning(CHAT_ID, "Let"));
    log.add(1_601, 1_600_250_000L, content(CHAT_ID, "Hi"));
    log.add(1_701, 1_700_000_000L, DONE);

    RequestRecord record =
        RecordAssembler.assemble(
            context("chat", TtftKind.CONTENT),
            served(1_600, 1_700),
            log.events(),
            990,
            log.stamps());

    assertThat(record.micros().ttftMicros()).as("send → the first content, µs").isEqualTo(600_250L);
    assertThat(record.micros().gapMicros()).isEqualTo(480_250L);
  }
}
