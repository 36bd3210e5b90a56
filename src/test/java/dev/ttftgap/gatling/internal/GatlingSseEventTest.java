package dev.ttftgap.gatling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkKind;
import dev.ttftgap.stream.SampleStreams;
import dev.ttftgap.stream.SampleStreams.Sample;
import dev.ttftgap.stream.SseDecoder;
import dev.ttftgap.stream.SseEvent;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GatlingSseEventTest {

  /** JSON written with single quotes, for readable test data. */
  private static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  static Stream<Arguments> gatlingEvents() {
    return Stream.of(
        Arguments.of("done", "{'data':[DONE]}", ChunkKind.DONE, null),
        Arguments.of(
            "done with all fields",
            "{'event':'message','id':'7','data':[DONE],'retry':3000}",
            ChunkKind.DONE,
            null),
        Arguments.of(
            "raw JSON data",
            "{'data':{'id':'c','choices':[{'delta':{'content':'x'}}]}}",
            ChunkKind.CONTENT,
            "x"),
        Arguments.of(
            "raw JSON data then retry",
            "{'id':'1','data':{'choices':[{'delta':{'content':'x'}}]},'retry':5}",
            ChunkKind.CONTENT,
            "x"),
        Arguments.of(
            "a retry key inside the data",
            "{'data':{'choices':[],'retry':5}}",
            ChunkKind.USAGE,
            null),
        Arguments.of(
            "retry text inside content",
            "{'data':{'choices':[{'delta':{'content':',\\'retry\\':5'}}]}}",
            ChunkKind.CONTENT,
            ",\"retry\":5"),
        Arguments.of(
            "'data': inside an unescaped id",
            "{'id':'data','data':{'choices':[{'delta':{'content':'y'}}]}}",
            ChunkKind.CONTENT,
            "y"),
        Arguments.of(
            "JSON data as a string",
            "{'data':'{\\'choices\\':[{\\'delta\\':{\\'content\\':\\'s\\'}}]} '}",
            ChunkKind.CONTENT,
            "s"),
        Arguments.of(
            "text data", "{'event':'ping','data':'keep-alive'}", ChunkKind.MALFORMED, null),
        Arguments.of("no data", "{'event':'ping'}", ChunkKind.MALFORMED, null),
        Arguments.of("no fields at all", "}", ChunkKind.MALFORMED, null),
        Arguments.of("broken raw data", "{'data':{'choices':[}}", ChunkKind.MALFORMED, null),
        Arguments.of(
            "pretty-printed envelope", "{ 'data' : {'choices':[]} }", ChunkKind.USAGE, null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("gatlingEvents")
  void unwrapsTheDataOfAnEventHowEverGatlingEmbedsIt(
      String name, String json, ChunkKind kind, String text) {
    Chunk chunk = GatlingSseEvent.classify(json(json));

    assertThat(chunk.kind()).as("kind of %s: %s", name, json).isEqualTo(kind);
    assertThat(chunk.text()).as("text of %s", name).isEqualTo(text);
  }

  static Stream<Sample> samples() {
    return SampleStreams.ALL.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void everyEventOfARealStreamClassifiesLikeItsData(Sample sample) {
    for (SseEvent event : new SseDecoder().feed(sample.body().getBytes(StandardCharsets.UTF_8))) {
      String rendered = GatlingEventJson.of(event);

      assertThat(GatlingSseEvent.classify(sample.api(), rendered))
          .as("Gatling's rendering %s of %s classifies like its name and data", rendered, event)
          .isEqualTo(sample.classify(event));
    }
  }

  @Test
  void theChunkIdComesFromTheDataNotFromTheSseId() {
    String withSseId =
        GatlingEventJson.of(
            new SseEvent(
                null,
                json("{'id':'chatcmpl-1','choices':[{'delta':{'content':'Hi'}}]}"),
                "x",
                null));

    assertThat(withSseId)
        .as("Gatling puts the SSE id before the data")
        .startsWith("{\"id\":\"x\",\"data\":");
    assertThat(GatlingSseEvent.classify(withSseId).id()).isEqualTo("chatcmpl-1");
    assertThat(GatlingEventJson.of("[DONE]"))
        .as("[DONE] embedded raw")
        .isEqualTo(GatlingEventJson.DONE);
    assertThat(GatlingSseEvent.classify(GatlingEventJson.DONE).kind()).isEqualTo(ChunkKind.DONE);
  }

  @Test
  void repeatedClassificationsOfTheSameEventGiveTheSameChunk() {
    String token = GatlingEventJson.of(json("{'id':'c','choices':[{'delta':{'content':'hi'}}]}"));
    String role =
        GatlingEventJson.of(
            json("{'id':'c','choices':[{'delta':{'role':'assistant','content':''}}]}"));
    for (int i = 0; i < 2; i++) {
      assertThat(GatlingSseEvent.classify(token).kind())
          .as("a token, round %s", i)
          .isEqualTo(ChunkKind.CONTENT);
      assertThat(GatlingSseEvent.classify(role).kind())
          .as("a role-only chunk right after a token, round %s", i)
          .isEqualTo(ChunkKind.ROLE_ONLY);
      assertThat(GatlingSseEvent.classify(token))
          .as("the remembered chunk equals a fresh classification")
          .isEqualTo(GatlingSseEvent.unwrapAndClassify(token));
    }
    assertThat(GatlingSseEvent.classify(null).kind())
        .as("no event at all")
        .isEqualTo(ChunkKind.MALFORMED);
  }
}
