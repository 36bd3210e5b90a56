package dev.ttftgap.gatling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkKind;
import dev.ttftgap.stream.FuzzInputs;
import dev.ttftgap.stream.SseEvent;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Envelopes of every API's events, the event name passed on, the cache keyed on the API; fuzz. */
class GatlingSseEventApiTest {

  private static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  private static String envelope(String event, String singleQuotedData) {
    return GatlingEventJson.of(new SseEvent(event, json(singleQuotedData), null, null));
  }

  @Test
  void readsTheEventNameOfEachApi() {
    String responses =
        envelope(
            "response.output_text.delta", "{'type':'response.output_text.delta','delta':'Hi'}");
    String nameOnly = envelope("response.output_text.delta", "{'delta':'Hi'}");
    String messages =
        envelope(
            "content_block_delta",
            "{'type':'content_block_delta','index':0,'delta':{'type':'thinking_delta',"
                + "'thinking':'hm'}}");
    String completions = envelope(null, "{'choices':[{'text':'once'}]}");

    assertThat(responses).as("Gatling writes the name first").startsWith("{\"event\":\"response.");
    assertThat(GatlingSseEvent.classify(Api.RESPONSES, responses).text()).isEqualTo("Hi");
    assertThat(GatlingSseEvent.classify(Api.RESPONSES, nameOnly).kind())
        .as("the name stands in for a missing type")
        .isEqualTo(ChunkKind.CONTENT);
    assertThat(GatlingSseEvent.classify(Api.MESSAGES, messages).kind())
        .isEqualTo(ChunkKind.REASONING);
    assertThat(GatlingSseEvent.classify(Api.COMPLETIONS, completions).text()).isEqualTo("once");
    assertThat(GatlingSseEvent.eventName(completions)).as("no name").isNull();
    assertThat(GatlingSseEvent.eventName(messages)).isEqualTo("content_block_delta");
  }

  @Test
  void anErrorEventIsAnErrorForEveryApi() {
    String error =
        envelope("error", "{'type':'error','error':{'type':'x','message':'Overloaded'}}");
    String text = GatlingEventJson.of(new SseEvent("error", "upstream reset", null, null));

    for (Api api : Api.values()) {
      assertThat(GatlingSseEvent.classify(api, error).errorMessage())
          .as("%s", api)
          .isEqualTo("Overloaded");
      assertThat(GatlingSseEvent.classify(api, text).errorMessage())
          .as("%s: text data", api)
          .isEqualTo("upstream reset");
    }
  }

  @Test
  void theCacheKeysOnTheApiToo() {
    String completions = envelope(null, "{'choices':[{'text':'once'}]}");

    assertThat(GatlingSseEvent.classify(Api.COMPLETIONS, completions).kind())
        .isEqualTo(ChunkKind.CONTENT);
    assertThat(GatlingSseEvent.classify(Api.CHAT, completions).kind())
        .as("the same string as chat: text is no chat field")
        .isEqualTo(ChunkKind.EMPTY);
    assertThat(GatlingSseEvent.classify(completions))
        .as("the one-argument form is chat")
        .isEqualTo(GatlingSseEvent.classify(Api.CHAT, completions));
  }

  static Stream<Arguments> envelopes() {
    String[] names = {"message", "error", "content_block_delta", "response.completed", "", null};
    return FuzzInputs.cases(
        r -> {
          String name = names[r.nextInt(names.length)];
          String wellFormed =
              GatlingEventJson.of(new SseEvent(name, FuzzInputs.payload(r), null, null));
          String envelope =
              switch (r.nextInt(4)) {
                case 0 -> wellFormed;
                case 1 -> wellFormed.substring(0, wellFormed.length() / 2);
                case 2 -> FuzzInputs.anyText(r, 80);
                default -> "{\"event\":\"" + FuzzInputs.anyText(r, 60);
              };
          return new Object[] {FuzzInputs.api(r), envelope};
        });
  }

  /** Seeded fuzz ({@link FuzzInputs}): any envelope, whole, cut or arbitrary, of any API. */
  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("envelopes")
  void anyEnvelopeOfAnyApiGivesAChunk(Api api, String envelope) {
    Chunk chunk = GatlingSseEvent.classify(api, envelope);

    assertThat(chunk.kind()).isNotNull();
    if (chunk.kind() == ChunkKind.MALFORMED || chunk.kind() == ChunkKind.ERROR) {
      assertThat(chunk.errorMessage()).isNotBlank();
    }
  }
}
