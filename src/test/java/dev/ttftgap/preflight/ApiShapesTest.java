package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.ChunkClassifier;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ApiShapesTest {

  @ParameterizedTest
  @EnumSource(Api.class)
  void everyEventOfAnApisHealthyStreamThatTellsAnythingTellsThatApi(Api api) {
    List<SseRecorder.Event> events =
        OneApiServer.events(api).stream()
            .map(e -> new SseRecorder.Event(0, 1, ChunkClassifier.classifyData("{}"), e[0], e[1]))
            .toList();

    assertThat(events)
        .extracting(e -> ApiShapes.of(e.name(), e.data()))
        .allMatch(shape -> shape.isEmpty() || shape.equals(Optional.of(api)))
        .contains(Optional.of(api));
    assertThat(ApiShapes.of(events)).contains(api);
  }

  @Test
  void theTypeInTheDataTellsWithoutAnEventName() {
    assertThat(ApiShapes.of(null, "{\"type\":\"content_block_delta\",\"delta\":{}}"))
        .contains(Api.MESSAGES);
    assertThat(ApiShapes.of(null, "{\"type\":\"response.output_text.delta\",\"delta\":\"a\"}"))
        .contains(Api.RESPONSES);
    assertThat(ApiShapes.of(null, "{\"choices\":[{\"index\":0,\"text\":\"a\"}]}"))
        .contains(Api.COMPLETIONS);
    assertThat(ApiShapes.of(null, "{\"choices\":[{\"index\":0,\"delta\":{}}]}")).contains(Api.CHAT);
  }

  @Test
  void doneAPingAnErrorAndNonJsonTellNothing() {
    assertThat(ApiShapes.of(null, "[DONE]")).isEmpty();
    assertThat(ApiShapes.of("ping", "{\"type\":\"ping\"}")).isEmpty();
    assertThat(ApiShapes.of("error", "{\"type\":\"error\",\"error\":{}}")).isEmpty();
    assertThat(ApiShapes.of(null, "not json")).isEmpty();
    assertThat(ApiShapes.of(null, "{\"choices\":[]}")).isEmpty();
    assertThat(ApiShapes.of(List.of())).isEmpty();
  }

  @Test
  void aMixedStreamIsTheMajoritysApi() {
    List<SseRecorder.Event> events =
        List.of(
            event(null, "{\"object\":\"text_completion\",\"choices\":[]}"),
            event(null, "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]}"),
            event(null, "{\"choices\":[{\"delta\":{\"content\":\"b\"}}]}"));

    assertThat(ApiShapes.of(events)).contains(Api.CHAT);
  }

  private static SseRecorder.Event event(String name, String data) {
    return new SseRecorder.Event(0, 1, ChunkClassifier.classifyData("{}"), name, data);
  }

  @Test
  void aWholeAnswerIsRecognisedPerApiAndNotAcrossApis() {
    String chat = "{\"choices\":[{\"index\":0,\"message\":{\"content\":\"OK\"}}]}";
    String messages = "{\"type\":\"message\",\"content\":[{\"type\":\"text\",\"text\":\"OK\"}]}";

    assertThat(ApiShapes.wholeAnswer(Api.CHAT, chat)).isTrue();
    assertThat(ApiShapes.wholeAnswer(Api.MESSAGES, chat)).isFalse();
    assertThat(ApiShapes.wholeAnswer(Api.MESSAGES, messages)).isTrue();
    assertThat(ApiShapes.wholeAnswer(Api.RESPONSES, "{\"object\":\"response\"}")).isTrue();
    assertThat(ApiShapes.wholeAnswer(Api.COMPLETIONS, "{\"choices\":[{\"text\":\"OK\"}]}"))
        .isTrue();
    assertThat(ApiShapes.wholeAnswer(Api.CHAT, "<html></html>")).isFalse();
  }
}
