package dev.ttftgap.measure;

import static dev.ttftgap.measure.Chunks.DONE;
import static dev.ttftgap.measure.Chunks.content;
import static dev.ttftgap.measure.Chunks.data;
import static dev.ttftgap.measure.Chunks.error;
import static dev.ttftgap.measure.Chunks.finish;
import static dev.ttftgap.measure.Chunks.reasoning;
import static dev.ttftgap.measure.Chunks.role;
import static dev.ttftgap.measure.Chunks.toolCall;
import static dev.ttftgap.measure.Chunks.usage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.TtftKind;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StreamVerdictsTest {
  private static final String UPSTREAM = "upstream overloaded";
  private static final String ID = "chatcmpl-abc";
  private static final String PREFIX =
      "{\"id\":\""
          + ID
          + "\",\"object\":\"chat.completion.chunk\",\"created\":1,"
          + "\"model\":\"m\",\"choices\":[";

  /** A token of the stream {@link #ID}, its text given as JSON string content (escapes kept). */
  private static Chunk token(String jsonText) {
    return data(
        PREFIX
            + "{\"index\":0,\"delta\":{\"content\":\""
            + jsonText
            + "\"},\"finish_reason\":null}]}");
  }

  /** A payload of the stream {@link #ID}: its id, then {@code fields}. */
  private static Chunk ofStream(String fields) {
    return data("{\"id\":\"" + ID + "\"," + fields + "}");
  }

  /** Event, whether it ends the first-token wait, and the first-token check's verdict on it. */
  static Stream<Arguments> firstTokenWait() {
    return Stream.of(
        Arguments.of("content", content("chatcmpl-1", "Hi"), true, StreamVerdicts.PASS),
        Arguments.of("reasoning", reasoning("chatcmpl-1", "Let"), true, StreamVerdicts.PASS),
        Arguments.of("error", error(UPSTREAM), true, "stream error: " + UPSTREAM),
        Arguments.of("done", DONE, true, "no content before [DONE]"),
        Arguments.of("role", role("chatcmpl-1"), false, "unexpected ROLE_ONLY"),
        Arguments.of("usage", usage("chatcmpl-1", 12, 3), false, "unexpected USAGE"),
        Arguments.of("malformed", data("{\"event\":\"ping\"}"), false, "unexpected MALFORMED"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("firstTokenWait")
  void firstTokenWaitEndsAtATokenAnErrorOrDoneAndPassesOnlyTokens(
      String name, Chunk event, boolean endsWait, String verdict) {
    assertThat(StreamVerdicts.endsFirstTokenWait(event))
        .as("%s ends the first-token wait", name)
        .isEqualTo(endsWait);
    assertThat(StreamVerdicts.firstToken(event)).as("verdict on %s", name).isEqualTo(verdict);
  }

  /**
   * Run's kind, event, whether it ends the first-token wait and the verdict on it: a run waiting
   * for one kind goes past output of others and passes at the end of an answer without its kind (a
   * tool-call turn when it waits for content is a success the record tells from no content).
   */
  static Stream<Arguments> firstTokenWaitOfAKind() {
    Chunk call = toolCall("chatcmpl-1", 0, "call_1", "get_weather", null);
    Chunk toolCallsFinish = finish("chatcmpl-1", "tool_calls");
    return Stream.of(
        Arguments.of(TtftKind.ANY, call, true, StreamVerdicts.PASS),
        Arguments.of(TtftKind.ANY, toolCallsFinish, false, "unexpected EMPTY"),
        Arguments.of(TtftKind.ANY, DONE, true, "no content before [DONE]"),
        Arguments.of(TtftKind.CONTENT, content("chatcmpl-1", "Hi"), true, StreamVerdicts.PASS),
        Arguments.of(
            TtftKind.CONTENT, reasoning("chatcmpl-1", "Let"), false, "unexpected REASONING"),
        Arguments.of(TtftKind.CONTENT, call, false, "unexpected TOOL_CALL"),
        Arguments.of(TtftKind.CONTENT, role("chatcmpl-1"), false, "unexpected ROLE_ONLY"),
        Arguments.of(TtftKind.CONTENT, toolCallsFinish, true, StreamVerdicts.PASS),
        Arguments.of(TtftKind.CONTENT, DONE, true, StreamVerdicts.PASS),
        Arguments.of(TtftKind.CONTENT, error(UPSTREAM), true, "stream error: " + UPSTREAM),
        Arguments.of(TtftKind.REASONING, reasoning("chatcmpl-1", "Let"), true, StreamVerdicts.PASS),
        Arguments.of(TtftKind.REASONING, content("chatcmpl-1", "Hi"), false, "unexpected CONTENT"),
        Arguments.of(TtftKind.TOOL_CALL, call, true, StreamVerdicts.PASS),
        Arguments.of(TtftKind.TOOL_CALL, content("chatcmpl-1", "Hi"), false, "unexpected CONTENT"),
        Arguments.of(TtftKind.TOOL_CALL, finish("chatcmpl-1", "stop"), true, StreamVerdicts.PASS));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("firstTokenWaitOfAKind")
  void firstTokenWaitOfAKindEndsAtThatKindOrTheAnswersEnd(
      TtftKind kind, Chunk event, boolean endsWait, String verdict) {
    assertThat(StreamVerdicts.endsFirstTokenWait(event, kind))
        .as("%s ends the wait for %s", event.kind(), kind)
        .isEqualTo(endsWait);
    assertThat(StreamVerdicts.firstToken(event, kind))
        .as("verdict on %s waiting for %s", event.kind(), kind)
        .isEqualTo(verdict);
  }

  @Test
  void theEndOfAnyApisStreamEndsTheStreamWait() {
    Chunk messageStop = Chunks.end(null);

    assertThat(StreamVerdicts.endsStream(messageStop, "msg_1"))
        .as("message_stop / response.completed are classified DONE")
        .isTrue();
    assertThat(StreamVerdicts.end(messageStop, "msg_1")).isEqualTo(StreamVerdicts.PASS);
    assertThat(StreamVerdicts.end(Chunks.errorEvent("Overloaded"), "msg_1"))
        .as("an error event of any API")
        .isEqualTo("stream error: Overloaded");
  }

  @Test
  void chunkIdIsTheChunksIdAndEmptyWithoutOne() {
    assertThat(StreamVerdicts.chunkId(content("chatcmpl-1", "Hi"))).isEqualTo("chatcmpl-1");
    assertThat(StreamVerdicts.chunkId(DONE)).as("[DONE] has no chunk id").isEmpty();
    assertThat(StreamVerdicts.chunkId(error(UPSTREAM))).isEmpty();
  }

  /** Event, first chunk id, whether it ends the stream wait, the end-of-stream verdict on it. */
  static Stream<Arguments> streamEnd() {
    return Stream.of(
        Arguments.of("done", DONE, "chatcmpl-1", true, StreamVerdicts.PASS),
        Arguments.of("error", error(UPSTREAM), "chatcmpl-1", true, "stream error: " + UPSTREAM),
        Arguments.of(
            "other stream's chunk",
            role("chatcmpl-2"),
            "chatcmpl-1",
            true,
            "stream restarted: chunk id chatcmpl-2 after chatcmpl-1"),
        Arguments.of(
            "same stream's token", content("chatcmpl-1", "there"), "chatcmpl-1", false, null),
        Arguments.of("same stream's usage", usage("chatcmpl-1", 12, 3), "chatcmpl-1", false, null),
        Arguments.of("any id, first id unknown", content("chatcmpl-2", "x"), "", false, null),
        Arguments.of("any id, first id null", content("chatcmpl-2", "x"), null, false, null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streamEnd")
  void streamWaitEndsAtDoneAnErrorOrAnotherStreamsChunk(
      String name, Chunk event, String firstChunkId, boolean endsStream, String verdict) {
    assertThat(StreamVerdicts.endsStream(event, firstChunkId))
        .as("%s ends the wait for the end of the stream", name)
        .isEqualTo(endsStream);
    if (endsStream) {
      assertThat(StreamVerdicts.end(event, firstChunkId))
          .as("verdict on %s", name)
          .isEqualTo(verdict);
    }
  }

  /** Payloads that look like an end of the stream to a text search, or hide one from it. */
  static Stream<Arguments> trickyPayloads() {
    return Stream.of(
        Arguments.of("token of the stream", token(" hello"), false),
        Arguments.of("token whose text is the word error", token("error"), false),
        Arguments.of("token with an escaped quote around error", token("\\\"error\\\""), false),
        Arguments.of("token with a unicode escape", token("caf\\u00e9"), false),
        Arguments.of(
            "error object after the stream's id",
            ofStream("\"error\":{\"message\":\"boom\"}"),
            true),
        Arguments.of(
            "object error after the stream's id",
            ofStream("\"object\":\"error\",\"message\":\"boom\""),
            true),
        Arguments.of(
            "error key spelt with a unicode escape",
            ofStream("\"\\u0065rror\":\"boom\",\"choices\":[]"),
            true),
        Arguments.of(
            "a second id key naming another stream",
            ofStream("\"choices\":[],\"id\":\"chatcmpl-other\""),
            true),
        Arguments.of(
            "chunk of another stream whose id starts like the first",
            data("{\"id\":\"" + ID + "x\",\"choices\":[{\"delta\":{\"content\":\"a\"}}]}"),
            true),
        Arguments.of("[DONE]", DONE, true),
        Arguments.of("malformed chunk of the stream", data(PREFIX + "{\"delta\":}"), false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trickyPayloads")
  void endsStreamOnlyAtARealEndOfTheStream(String name, Chunk event, boolean expected) {
    assertThat(StreamVerdicts.endsStream(event, ID))
        .as("endsStream(%s) after chunks of %s", name, ID)
        .isEqualTo(expected);
  }

  @Test
  void endNamesTheFailure() {
    assertThat(StreamVerdicts.end(DONE, ID)).isEqualTo(StreamVerdicts.PASS);
    assertThat(StreamVerdicts.end(ofStream("\"error\":{\"message\":\"boom\"}"), ID))
        .isEqualTo("stream error: boom");
    assertThat(StreamVerdicts.end(data("{\"id\":\"other\",\"choices\":[]}"), ID))
        .isEqualTo("stream restarted: chunk id other after " + ID);
  }
}
