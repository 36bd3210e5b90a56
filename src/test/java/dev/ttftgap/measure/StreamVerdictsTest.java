package dev.ttftgap.measure;

import static dev.ttftgap.measure.GatlingEventJson.DONE;
import static dev.ttftgap.measure.GatlingEventJson.content;
import static dev.ttftgap.measure.GatlingEventJson.error;
import static dev.ttftgap.measure.GatlingEventJson.reasoning;
import static dev.ttftgap.measure.GatlingEventJson.role;
import static dev.ttftgap.measure.GatlingEventJson.usage;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StreamVerdictsTest {
  private static final String UPSTREAM = "upstream overloaded";

  /** Event, whether it ends the first-token wait, and the first-token check's verdict on it. */
  static Stream<Arguments> firstTokenWait() {
    return Stream.of(
        Arguments.of("content", content("chatcmpl-1", "Hi"), true, StreamVerdicts.PASS),
        Arguments.of("reasoning", reasoning("chatcmpl-1", "Let"), true, StreamVerdicts.PASS),
        Arguments.of("error", error(UPSTREAM), true, "stream error: " + UPSTREAM),
        Arguments.of("done", DONE, true, "no content before [DONE]"),
        Arguments.of("role", role("chatcmpl-1"), false, "unexpected ROLE_ONLY"),
        Arguments.of("usage", usage("chatcmpl-1", 12, 3), false, "unexpected USAGE"),
        Arguments.of("malformed", "{\"event\":\"ping\"}", false, "unexpected MALFORMED"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("firstTokenWait")
  void firstTokenWaitEndsAtATokenAnErrorOrDoneAndPassesOnlyTokens(
      String name, String event, boolean endsWait, String verdict) {
    assertThat(StreamVerdicts.endsFirstTokenWait(event))
        .as("%s ends the first-token wait", name)
        .isEqualTo(endsWait);
    assertThat(StreamVerdicts.firstToken(event)).as("verdict on %s", name).isEqualTo(verdict);
  }

  @Test
  void chunkIdComesFromTheChunkNotFromTheSseIdAndIsEmptyWithoutOne() {
    String withSseId = GatlingEventJson.withSseId("x", content("chatcmpl-1", "Hi"));

    assertThat(withSseId).startsWith("{\"id\":\"x\",\"data\":{\"id\":\"chatcmpl-1\"");
    assertThat(StreamVerdicts.chunkId(withSseId)).isEqualTo("chatcmpl-1");
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
      String name, String event, String firstChunkId, boolean endsStream, String verdict) {
    assertThat(StreamVerdicts.endsStream(event, firstChunkId))
        .as("%s ends the wait for the end of the stream", name)
        .isEqualTo(endsStream);
    if (endsStream) {
      assertThat(StreamVerdicts.end(event, firstChunkId))
          .as("verdict on %s", name)
          .isEqualTo(verdict);
    }
  }
}
