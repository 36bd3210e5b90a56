package dev.ttftgap.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.stream.ChunkKind;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StreamVerdictsAgreementTest {
  private static final String ID = "chatcmpl-abc";
  private static final String PREFIX =
      "{\"data\":{\"id\":\""
          + ID
          + "\",\"object\":\"chat.completion.chunk\",\"created\":1,"
          + "\"model\":\"m\",\"choices\":[";

  private static String content(String text) {
    return PREFIX
        + "{\"index\":0,\"delta\":{\"content\":\""
        + text
        + "\"},\"finish_reason\":null}]}}";
  }

  /** The definition the verdicts must agree with: the full classification. */
  private static boolean endsStreamByDefinition(String event, String firstId) {
    Chunk chunk = ChunkClassifier.classifyGatlingEvent(event);
    return chunk.kind() == ChunkKind.DONE
        || chunk.kind() == ChunkKind.ERROR
        || (firstId != null
            && !firstId.isEmpty()
            && chunk.id() != null
            && !chunk.id().equals(firstId));
  }

  static Stream<Arguments> events() {
    return Stream.of(
        Arguments.of("token of the stream", content(" hello"), false),
        Arguments.of("token whose text is the word error", content("error"), false),
        Arguments.of("token with an escaped quote around error", content("\\\"error\\\""), false),
        Arguments.of("token with a unicode escape", content("caf\\u00e9"), false),
        Arguments.of(
            "error object after the stream's id",
            "{\"data\":{\"id\":\"" + ID + "\",\"error\":{\"message\":\"boom\"}}}",
            true),
        Arguments.of(
            "object error after the stream's id",
            "{\"data\":{\"id\":\"" + ID + "\",\"object\":\"error\",\"message\":\"boom\"}}",
            true),
        Arguments.of(
            "error key spelt with a unicode escape",
            "{\"data\":{\"id\":\"" + ID + "\",\"\\u0065rror\":\"boom\",\"choices\":[]}}",
            true),
        Arguments.of(
            "a second id key naming another stream",
            "{\"data\":{\"id\":\"" + ID + "\",\"choices\":[],\"id\":\"chatcmpl-other\"}}",
            true),
        Arguments.of(
            "chunk of another stream whose id starts like the first",
            "{\"data\":{\"id\":\"" + ID + "x\",\"choices\":[{\"delta\":{\"content\":\"a\"}}]}}",
            true),
        Arguments.of("[DONE]", "{\"data\":[DONE]}", true),
        Arguments.of("malformed chunk of the stream", PREFIX + "{\"delta\":}", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("events")
  void endsStreamAgreesWithTheFullClassification(String name, String event, boolean expected) {
    assertThat(StreamVerdicts.endsStream(event, ID))
        .as("endsStream(%s) should be what the full classification decides", name)
        .isEqualTo(endsStreamByDefinition(event, ID))
        .isEqualTo(expected);
  }

  @Test
  void withoutAFirstChunkIdOnlyDoneAndErrorsEndTheStream() {
    assertThat(StreamVerdicts.endsStream(content("x"), null))
        .as("a token is no restart when no first id is known")
        .isFalse();
    assertThat(StreamVerdicts.endsStream(content("x"), ""))
        .as("an empty first id means none was seen")
        .isFalse();
    assertThat(StreamVerdicts.endsStream("{\"data\":[DONE]}", null)).isTrue();
  }

  @Test
  void repeatedCallsOnTheSameEventGiveTheSameVerdicts() {
    String token = content("hi");
    String role = PREFIX + "{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}}";
    for (int i = 0; i < 2; i++) {
      assertThat(StreamVerdicts.endsFirstTokenWait(token)).as("a token ends the wait").isTrue();
      assertThat(StreamVerdicts.chunkId(token)).as("chunk id of the token").isEqualTo(ID);
      assertThat(StreamVerdicts.firstToken(token)).isEqualTo(StreamVerdicts.PASS);
      assertThat(StreamVerdicts.endsFirstTokenWait(role))
          .as("a role-only chunk does not end the wait, even right after a token")
          .isFalse();
      assertThat(StreamVerdicts.firstToken(role)).isEqualTo("unexpected ROLE_ONLY");
    }
  }

  @Test
  void endNamesTheFailure() {
    assertThat(StreamVerdicts.end("{\"data\":[DONE]}", ID)).isEqualTo(StreamVerdicts.PASS);
    assertThat(
            StreamVerdicts.end(
                "{\"data\":{\"id\":\"" + ID + "\",\"error\":{\"message\":\"boom\"}}}", ID))
        .isEqualTo("stream error: boom");
    assertThat(StreamVerdicts.end("{\"data\":{\"id\":\"other\",\"choices\":[]}}", ID))
        .isEqualTo("stream restarted: chunk id other after " + ID);
  }
}
