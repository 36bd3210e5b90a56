package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The non-streaming answer of every non-chat API over real HTTP on loopback (a real engine on port
 * 0): one JSON object in the API's own shape, with text, reasoning and tool-call turns, written
 * once the scheduler produced every token.
 */
class ApiRepliesTest {
  static EmbeddedEngine engine;

  @BeforeAll
  static void start() {
    engine = ApiStreamsTest.startAgentic();
  }

  @AfterAll
  static void stop() {
    engine.close();
  }

  /** The reply of {@code path}: 200, JSON, its ground truth counting {@code tokens()} tokens. */
  static JsonNode reply(String path, String body, String... headers) throws Exception {
    StreamProbe.Result result = StreamProbe.post(engine.baseUrl() + path, body, headers);
    assertThat(result.status()).as(result.body()).isEqualTo(200);
    assertThat(result.header("content-type")).startsWith("application/json");
    JsonNode root = StreamProbe.JSON.readTree(result.body());
    GroundTruth truth = engine.groundTruth(result.header("x-request-id")).orElseThrow();
    assertThat(truth.api()).isEqualTo(path.substring(1));
    assertThat(truth.completionTokens()).isEqualTo(outputTokens(root));
    return root;
  }

  private static int outputTokens(JsonNode root) {
    JsonNode usage = root.path("usage");
    return usage.has("output_tokens")
        ? usage.path("output_tokens").asInt()
        : usage.path("completion_tokens").asInt();
  }

  /** The one item of {@code items}: a call of get_weather of {@code type}, its id prefixed. */
  static JsonNode onlyToolCall(JsonNode items, String type, String idField, String idPrefix) {
    assertThat(items).hasSize(1);
    JsonNode call = items.get(0);
    assertThat(call.path("type").asText()).isEqualTo(type);
    assertThat(call.path(idField).asText()).startsWith(idPrefix);
    assertThat(call.path("name").asText()).isEqualTo("get_weather");
    return call;
  }

  static JsonNode messages(String body) throws Exception {
    return reply("/messages", body, "anthropic-version", "2023-06-01");
  }

  @Test
  void completionsAnswerOneTextCompletion() throws Exception {
    JsonNode root =
        reply(
            "/completions", "{\"model\":\"tiny-fast\",\"prompt\":\"Once upon\",\"max_tokens\":5}");

    assertThat(root.path("id").asText()).isNotEmpty();
    assertThat(root.path("object").asText()).isEqualTo("text_completion");
    assertThat(root.path("created").asLong()).isPositive();
    assertThat(root.path("model").asText()).isEqualTo("tiny-fast");
    JsonNode choice = root.path("choices").get(0);
    assertThat(choice.path("index").asInt()).isZero();
    assertThat(choice.path("text").asText()).isNotBlank();
    assertThat(choice.path("finish_reason").asText()).isEqualTo("length");
    JsonNode usage = root.path("usage");
    assertThat(usage.path("prompt_tokens").asInt())
        .isEqualTo(dev.ttftgap.tokens.TokenCounter.count("Once upon"));
    assertThat(usage.path("completion_tokens").asInt()).isEqualTo(5);
    assertThat(usage.path("total_tokens").asInt())
        .isEqualTo(usage.path("prompt_tokens").asInt() + 5);
  }

  @Test
  void responsesAnswerOneResponseWithReasoningThenAMessage() throws Exception {
    JsonNode root =
        reply(
            "/responses",
            "{\"model\":\"agentic\",\"input\":\"Explain\",\"stream\":false,"
                + "\"max_output_tokens\":64,\"reasoning\":{\"effort\":\"low\"}}");

    assertThat(root.path("object").asText()).isEqualTo("response");
    assertThat(root.path("created_at").asLong()).isPositive();
    assertThat(root.path("status").asText()).isEqualTo("completed");
    assertThat(root.path("model").asText()).isEqualTo("agentic");
    JsonNode output = root.path("output");
    assertThat(output).hasSize(2);
    assertThat(output.get(0).path("type").asText()).isEqualTo("reasoning");
    JsonNode message = output.get(1);
    assertThat(message.path("type").asText()).isEqualTo("message");
    assertThat(message.path("role").asText()).isEqualTo("assistant");
    assertThat(message.path("status").asText()).isEqualTo("completed");
    JsonNode text = message.path("content").get(0);
    assertThat(text.path("type").asText()).isEqualTo("output_text");
    assertThat(text.path("text").asText()).isNotBlank();
    JsonNode usage = root.path("usage");
    int tokens = usage.path("output_tokens").asInt();
    assertThat(usage.path("output_tokens_details").path("reasoning_tokens").asInt())
        .isEqualTo((int) Math.round(tokens * 0.5));
    assertThat(usage.path("total_tokens").asInt())
        .isEqualTo(usage.path("input_tokens").asInt() + tokens);
  }

  @Test
  void answersCutByTheOutputCapSayItInEachApisWords() throws Exception {
    JsonNode response =
        reply("/responses", "{\"model\":\"tiny-fast\",\"input\":\"Hi\",\"max_output_tokens\":3}");
    assertThat(response.path("status").asText()).isEqualTo("incomplete");
    assertThat(response.path("incomplete_details").path("reason").asText())
        .isEqualTo("max_output_tokens");
    assertThat(response.path("usage").path("output_tokens").asInt()).isEqualTo(3);

    JsonNode message =
        messages(
            "{\"model\":\"tiny-fast\",\"max_tokens\":3,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");
    assertThat(message.path("stop_reason").asText()).isEqualTo("max_tokens");
    assertThat(message.path("usage").path("output_tokens").asInt()).isEqualTo(3);
    assertThat(message.path("content").get(0).path("type").asText()).isEqualTo("text");
  }

  @Test
  void responsesToolCallIsOneFunctionCallItem() throws Exception {
    JsonNode root =
        reply(
            "/responses",
            "{\"model\":\"agentic\",\"input\":\"Weather?\",\"tools\":[{\"type\":\"function\","
                + "\"name\":\"get_weather\",\"parameters\":{\"type\":\"object\","
                + "\"properties\":{\"city\":{\"type\":\"string\"}}}}]}");

    JsonNode call = onlyToolCall(root.path("output"), "function_call", "call_id", "call_");
    assertThat(StreamProbe.JSON.readTree(call.path("arguments").asText()).has("city")).isTrue();
    assertThat(root.path("status").asText()).isEqualTo("completed");
  }

  @Test
  void messagesAnswerOneMessageWithThinkingThenText() throws Exception {
    JsonNode root =
        messages(
            "{\"model\":\"agentic\",\"max_tokens\":64,\"stream\":false,"
                + "\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":1024},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

    assertThat(root.path("id").asText()).isNotEmpty();
    assertThat(root.path("type").asText()).isEqualTo("message");
    assertThat(root.path("role").asText()).isEqualTo("assistant");
    assertThat(root.path("model").asText()).isEqualTo("agentic");
    JsonNode content = root.path("content");
    assertThat(content).hasSize(2);
    assertThat(content.get(0).path("type").asText()).isEqualTo("thinking");
    assertThat(content.get(0).path("thinking").asText()).isNotBlank();
    assertThat(content.get(0).path("signature").asText()).isNotEmpty();
    assertThat(content.get(1).path("type").asText()).isEqualTo("text");
    assertThat(content.get(1).path("text").asText()).isNotBlank();
    assertThat(root.path("stop_reason").asText()).isEqualTo("end_turn");
    assertThat(root.path("usage").path("input_tokens").asInt()).isPositive();
    assertThat(root.path("usage").path("output_tokens").asInt()).isPositive();
  }

  @Test
  void messagesToolUseIsOneToolUseBlockWithAnInputObject() throws Exception {
    JsonNode root =
        messages(
            "{\"model\":\"agentic\",\"max_tokens\":64,\"messages\":["
                + "{\"role\":\"user\",\"content\":\"Weather?\"}],"
                + "\"tools\":[{\"name\":\"get_weather\",\"input_schema\":{\"type\":\"object\","
                + "\"properties\":{\"city\":{\"type\":\"string\"}}}}]}");

    JsonNode block = onlyToolCall(root.path("content"), "tool_use", "id", "toolu_");
    assertThat(block.path("input").isObject()).isTrue();
    assertThat(block.path("input").path("city").asText()).isNotEmpty();
    assertThat(root.path("stop_reason").asText()).isEqualTo("tool_use");
  }
}
