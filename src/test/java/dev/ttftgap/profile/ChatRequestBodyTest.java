package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.tokens.TokenCounter;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChatRequestBodyTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void streamingBodyWithUsageAndTheProfileModel() throws Exception {
    RequestShape shape =
        RequestShapes.single(
            Optional.of("Qwen3-8B"),
            Optional.of("Hi"),
            Optional.empty(),
            true,
            false,
            Optional.empty());

    ChatRequestBody body = ChatRequestBody.of(shape, Optional.empty());

    assertThat(body.json())
        .isEqualTo(
            "{\"model\":\"Qwen3-8B\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"max_tokens\":64,\"temperature\":0.0,\"stream\":true,"
                + "\"stream_options\":{\"include_usage\":true}}");
    assertThat(body.model()).contains("Qwen3-8B");
  }

  @Test
  void settingsModelWinsAndNoModelMeansNoField() throws Exception {
    RequestShape shape =
        RequestShapes.single(
            Optional.of("from-profile"),
            Optional.of("Hi"),
            Optional.empty(),
            true,
            false,
            Optional.empty());
    assertThat(ChatRequestBody.of(shape, Optional.of("from-settings")).model())
        .contains("from-settings");

    RequestShape noModel =
        RequestShapes.single(
            Optional.empty(), Optional.of("Hi"), Optional.empty(), true, false, Optional.empty());
    JsonNode json = MAPPER.readTree(ChatRequestBody.of(noModel, Optional.empty()).json());
    assertThat(json.has("model")).as("no model anywhere: the server's default").isFalse();
  }

  @Test
  void systemPromptMetricsAndNoUsage() throws Exception {
    RequestShape shape =
        RequestShapes.single(
            Optional.empty(),
            Optional.of("Hi"),
            Optional.empty(),
            false,
            true,
            Optional.of("Be brief."));

    JsonNode json = MAPPER.readTree(ChatRequestBody.of(shape, Optional.empty()).json());

    assertThat(json.at("/messages/0/role").asText()).isEqualTo("system");
    assertThat(json.at("/messages/0/content").asText()).isEqualTo("Be brief.");
    assertThat(json.at("/messages/1/role").asText()).isEqualTo("user");
    assertThat(json.has("stream_options")).as("includeUsage false: no stream_options").isFalse();
    assertThat(json.get("include_metrics").asBoolean()).isTrue();
  }

  @Test
  void generatedPromptHasTheRequestedTokens() throws Exception {
    RequestShape shape =
        RequestShapes.single(
            Optional.empty(), Optional.empty(), Optional.of(2000), true, false, Optional.empty());

    ChatRequestBody body = ChatRequestBody.of(shape, Optional.empty());

    assertThat(TokenCounter.count(body.promptText())).isEqualTo(2000);
    assertThat(MAPPER.readTree(body.json()).at("/messages/0/content").asText())
        .isEqualTo(body.promptText());
  }
}
