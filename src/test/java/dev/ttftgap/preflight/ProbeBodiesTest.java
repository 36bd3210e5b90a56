package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ttftgap.stream.Api;
import org.junit.jupiter.api.Test;

class ProbeBodiesTest {

  @Test
  void chatAndCompletionsAskForUsageWhenStreaming() {
    JsonNode chat = ProbeBodies.of(Api.CHAT, "m", true, "hi", 4);
    JsonNode completions = ProbeBodies.of(Api.COMPLETIONS, "m", true, "hi", 4);

    assertThat(chat.path("messages").get(0).path("content").asText()).isEqualTo("hi");
    assertThat(chat.path("max_tokens").asInt()).isEqualTo(4);
    assertThat(chat.path("stream_options").path("include_usage").asBoolean()).isTrue();
    assertThat(completions.path("prompt").asText()).isEqualTo("hi");
    assertThat(completions.has("messages")).isFalse();
    assertThat(completions.path("stream_options").path("include_usage").asBoolean()).isTrue();
    assertThat(ProbeBodies.of(Api.CHAT, "m", false, "hi", 4).has("stream_options")).isFalse();
  }

  @Test
  void responsesSendInputWithAtLeastItsMinimumOutputTokens() {
    JsonNode body = ProbeBodies.of(Api.RESPONSES, "m", true, "hi", 4);

    assertThat(body.path("input").asText()).isEqualTo("hi");
    assertThat(body.path("max_output_tokens").asInt()).isEqualTo(ProbeBodies.RESPONSES_MIN_TOKENS);
    assertThat(body.has("max_tokens")).isFalse();
    assertThat(body.path("stream").asBoolean()).isTrue();
  }

  @Test
  void messagesSendMessagesAndTheRequiredMaxTokens() {
    JsonNode body = ProbeBodies.of(Api.MESSAGES, "claude-like", false, "hi", 8);

    assertThat(body.path("model").asText()).isEqualTo("claude-like");
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("user");
    assertThat(body.path("max_tokens").asInt()).isEqualTo(8);
    assertThat(body.has("stream_options")).isFalse();
    assertThat(body.path("stream").asBoolean()).isFalse();
  }
}
