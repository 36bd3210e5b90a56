package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.TtftKind;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The request's API fields: defaults, what each API takes, and one-line errors with the fix. */
class ApiProfileTest {
  private static final String TOOL =
      "{\"type\": \"function\", \"function\": {\"name\": \"search\", \"parameters\": {\"type\":"
          + " \"object\"}}}";

  @Test
  void defaultsAreChatAnyOutputNoToolsNoReasoning() {
    RequestShape shape = RequestShapes.parse("{\"prompt\": \"Hi\"}");
    assertThat(shape.api()).isEqualTo(ApiShape.CHAT);
    assertThat(shape.extras().apiKeyHeader()).isEqualTo(RequestShape.AUTHORIZATION);
    assertThat(shape.extras().headers()).isEmpty();
  }

  @Test
  void everyFieldIsRead() {
    RequestShape shape =
        RequestShapes.parse(
            "{\"prompt\": \"Hi\", \"api\": \"responses\", \"ttftFrom\": \"toolCall\", \"tools\": ["
                + TOOL
                + "], \"toolChoice\": \"required\", \"reasoningEffort\": \"high\"}");
    assertThat(shape.api().api()).isEqualTo(Api.RESPONSES);
    assertThat(shape.api().ttftFrom()).isEqualTo(TtftKind.TOOL_CALL);
    assertThat(shape.api().tools()).hasSize(1);
    assertThat(ToolDefinitions.name(shape.api().tools().get(0))).isEqualTo("search");
    assertThat(shape.api().toolChoice().orElseThrow().asText()).isEqualTo("required");
    assertThat(shape.api().reasoningEffort()).contains(ReasoningEffort.HIGH);
  }

  @Test
  void messagesSendsTheKeyAsXApiKeyWithAnthropicVersionUnlessTheProfileSaysOtherwise() {
    RequestShape messages = RequestShapes.parse("{\"prompt\": \"Hi\", \"api\": \"messages\"}");
    assertThat(messages.extras().apiKeyHeader()).isEqualTo("x-api-key");
    assertThat(messages.extras().headers()).isEqualTo(Map.of("anthropic-version", "2023-06-01"));

    RequestShape own =
        RequestShapes.parse(
            "{\"prompt\": \"Hi\", \"api\": \"messages\", \"apiKeyHeader\": \"Authorization\","
                + " \"headers\": {\"Anthropic-Version\": \"2024-01-01\"}}");
    assertThat(own.extras().apiKeyHeader()).isEqualTo("Authorization");
    assertThat(own.extras().headers()).isEqualTo(Map.of("Anthropic-Version", "2024-01-01"));
  }

  @Test
  void theKnobsSetTheApiAndTheTtftKind() {
    LoadProfile profile =
        LoadProfiles.load(
            "rising-rate",
            java.nio.file.Path.of("simulations"),
            ProfileOverrides.load(
                Map.of("TTFTGAP_REQUEST_API", "messages"), propsOf("request.ttftFrom", "content")));
    assertThat(profile.request().api().api()).isEqualTo(Api.MESSAGES);
    assertThat(profile.request().api().ttftFrom()).isEqualTo(TtftKind.CONTENT);
    assertThatThrownBy(
            () ->
                LoadProfiles.load(
                    "rising-rate",
                    java.nio.file.Path.of("simulations"),
                    ProfileOverrides.load(Map.of(), propsOf("request.api", "grpc"))))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(
            "-Drequest.api=grpc: request.api: \"grpc\" is not an API; use one of")
        .hasMessageNotContaining("\n");
  }

  private static java.util.Properties propsOf(String name, String value) {
    java.util.Properties props = new java.util.Properties();
    props.setProperty(name, value);
    return props;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "\"api\": \"grpc\"|request.api: \"grpc\" is not an API; use one of chat, completions,"
            + " responses, messages",
        "\"ttftFrom\": \"tool\"|request.ttftFrom: \"tool\" is not allowed; use any or content or"
            + " reasoning or toolCall",
        "\"ttftFrom\": \"toolCall\"|request.ttftFrom: \"toolCall\" without tools",
        "\"tools\": {}|request.tools: {} is not an array of tools",
        "\"tools\": [{\"type\": \"function\"}]|request.tools[0].function: missing or not an"
            + " object",
        "\"tools\": [{\"type\": \"function\", \"function\": {\"name\": \"a b\"}}]|request.tools[0]"
            + ".function.name: \"a b\" is not a tool name; use 1 to 64 letters",
        "\"tools\": [{\"type\": \"function\", \"function\": {\"name\": \"a\", \"parameters\": 1}}]"
            + "|request.tools[0].function.parameters: is not an object",
        "\"tools\": [{\"type\": \"retrieval\"}]|request.tools[0]: is not a function tool",
        "\"toolChoice\": \"auto\"|request.toolChoice: set without tools",
        "\"reasoningEffort\": \"max\"|request.reasoningEffort: \"max\" is not allowed; use low or"
            + " medium or high",
        "\"api\": \"completions\", \"tools\": ["
            + "{\"type\": \"function\", \"function\":"
            + " {\"name\": \"a\"}}]|request.tools: the completions API takes no tools",
        "\"api\": \"completions\", \"reasoningEffort\": \"low\"|request.reasoningEffort: the"
            + " completions API takes no reasoning effort",
        "\"api\": \"messages\", \"reasoningEffort\": \"medium\"|request.maxTokens: 64 is not above"
            + " the thinking budget of reasoningEffort medium (4096 tokens",
        "\"api\": \"responses\", \"extraBody\": {\"input\": []}|request.extraBody.input: would"
            + " replace a field the responses body sends",
        "\"extraBody\": {\"tools\": []}|request.extraBody.tools: would replace a field the chat"
            + " body sends; set it with request.tools",
        "\"reasoningEffort\": \"low\", \"extraBody\": {\"reasoning_effort\": \"x\"}"
            + "|request.extraBody.reasoning_effort: would replace",
      })
  void aBadFieldFailsWithOneLineNamingItAndTheFix(String fields, String expected) {
    assertThatThrownBy(() -> RequestShapes.parse("{\"prompt\": \"Hi\", " + fields + "}"))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("test.json: " + expected)
        .hasMessageNotContaining("\n");
  }

  @Test
  void aReasoningFieldInExtraBodyIsTheUsersOwnWithoutReasoningEffort() {
    RequestShape shape =
        RequestShapes.parse(
            "{\"prompt\": \"Hi\", \"extraBody\": {\"reasoning_effort\": \"minimal\"}}");
    assertThat(shape.extras().extraBody().orElseThrow().get("reasoning_effort").asText())
        .isEqualTo("minimal");
    assertThat(Optional.of(shape.api().reasoningEffort())).contains(Optional.empty());
  }
}
