package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.stream.Api;
import dev.ttftgap.tokens.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parsers of every API's body: prompt text, output cap, reasoning, tools, errors. */
class ApiRequestsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, ModelProfile> PROFILES = new LinkedHashMap<>();

  /** Every turn with tools calls one, reasoning takes half the output. */
  private static final ModelProfile AGENTIC =
      ModelProfile.builtIn("tiny-fast").withShares(1.0, 0.5);

  static {
    ModelProfile.builtIns().forEach(p -> PROFILES.put(p.name(), p));
  }

  private static ChatRequest parse(Api api, String json) {
    return parse(api, json, PROFILES.get("tiny-fast"));
  }

  private static ChatRequest parse(Api api, String json, ModelProfile profile) {
    return ChatRequest.parse(api, json.getBytes(StandardCharsets.UTF_8), PROFILES, profile);
  }

  private static ApiException refused(Api api, String json) {
    try {
      parse(api, json);
    } catch (ApiException e) {
      return e;
    }
    throw new AssertionError("accepted: " + json);
  }

  @Test
  void completionsCountTheBarePromptAndReadMaxTokens() {
    ChatRequest request =
        parse(
            Api.COMPLETIONS, "{\"prompt\":\"Once upon a time\",\"max_tokens\":5,\"stream\":true}");
    assertThat(request.promptTokens()).isEqualTo(TokenCounter.count("Once upon a time"));
    assertThat(request.outputTokens()).isEqualTo(5);
    assertThat(request.api()).isEqualTo(Api.COMPLETIONS);
    ChatRequest array =
        parse(
            Api.COMPLETIONS,
            "{\"prompt\":[\"Once upon a time\"],\"max_tokens\":5,\"stream\":true}");
    assertThat(array.promptTokens()).isEqualTo(request.promptTokens());
  }

  @Test
  void completionsRefuseAMissingPromptAndSeveralPrompts() {
    assertThat(refused(Api.COMPLETIONS, "{\"stream\":true}").getMessage())
        .contains("'prompt' is a required property");
    assertThat(refused(Api.COMPLETIONS, "{\"prompt\":[\"a\",\"b\"],\"stream\":true}").param())
        .isEqualTo("prompt");
    assertThat(parse(Api.COMPLETIONS, "{\"prompt\":\"a\",\"max_tokens\":3}").stream())
        .as("no stream field: one JSON reply")
        .isFalse();
  }

  @Test
  void responsesReadInstructionsInputItemsAndMaxOutputTokens() {
    ChatRequest request =
        parse(
            Api.RESPONSES,
            "{\"instructions\":\"Be brief.\",\"stream\":true,\"max_output_tokens\":9,\"input\":["
                + "{\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"Hello world\"}]},"
                + "{\"type\":\"function_call\",\"call_id\":\"c1\",\"name\":\"f\",\"arguments\":\"{}\"},"
                + "{\"type\":\"function_call_output\",\"call_id\":\"c1\",\"output\":\"sunny\"}]}");
    int expected = promptTokens(4, "Be brief.", "Hello world", "{}", "sunny");
    assertThat(request.promptTokens()).isEqualTo(expected);
    assertThat(request.outputTokens()).isEqualTo(9);
    ChatRequest text = parse(Api.RESPONSES, "{\"input\":\"Hello world\",\"stream\":true}");
    assertThat(text.promptTokens()).isEqualTo(TokenCounter.count("Hello world") + 4 + 3);
    assertThat(refused(Api.RESPONSES, "{\"stream\":true}").param()).isEqualTo("input");
    assertThat(
            refused(Api.RESPONSES, "{\"input\":\"x\",\"max_output_tokens\":0,\"stream\":true}")
                .param())
        .isEqualTo("max_output_tokens");
  }

  @Test
  void messagesNeedMaxTokensAndReadSystemBlocksAndToolResults() {
    ChatRequest request =
        parse(
            Api.MESSAGES,
            "{\"max_tokens\":12,\"stream\":true,\"system\":[{\"type\":\"text\",\"text\":\"Be brief.\"}],"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"},"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\","
                + "\"name\":\"weather\",\"input\":{\"city\":\"Paris\"}}]},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"sunny\"}]}]}]}");
    int expected = promptTokens(4, "Be brief.", "Weather?", "{\"city\":\"Paris\"}", "sunny");
    assertThat(request.promptTokens()).isEqualTo(expected);
    assertThat(request.outputTokens()).isEqualTo(12);
    ApiException noMax =
        refused(
            Api.MESSAGES, "{\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}");
    assertThat(noMax.getMessage()).isEqualTo("'max_tokens' is a required property");
    assertThat(refused(Api.MESSAGES, "{\"stream\":true,\"max_tokens\":3}").param())
        .isEqualTo("messages");
  }

  @Test
  void reasoningIsStreamedOnlyWhenAskedAndLeavesAnAnswerToken() {
    String messages = "\"messages\":[{\"role\":\"user\",\"content\":\"think\"}],\"stream\":true";
    ChatRequest chat =
        parse(
            Api.CHAT, "{" + messages + ",\"max_tokens\":10,\"reasoning_effort\":\"low\"}", AGENTIC);
    assertThat(chat.reasoningTokens()).isEqualTo(5);
    assertThat(chat.part(4)).isEqualTo(OutputPart.REASONING);
    assertThat(chat.part(5)).isEqualTo(OutputPart.CONTENT);
    assertThat(parse(Api.CHAT, "{" + messages + ",\"max_tokens\":10}", AGENTIC).reasoningTokens())
        .as("not asked")
        .isZero();
    assertThat(
            parse(
                    Api.CHAT,
                    "{" + messages + ",\"max_tokens\":10,\"reasoning_effort\":\"none\"}",
                    AGENTIC)
                .reasoningTokens())
        .isZero();
    ChatRequest thinking =
        parse(
            Api.MESSAGES,
            "{"
                + messages
                + ",\"max_tokens\":2,\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":1024}}",
            AGENTIC);
    assertThat(thinking.reasoningTokens()).isEqualTo(1);
    ChatRequest responses =
        parse(
            Api.RESPONSES,
            "{\"input\":\"x\",\"stream\":true,\"max_output_tokens\":1,\"reasoning\":{\"effort\":\"high\"}}",
            AGENTIC);
    assertThat(responses.reasoningTokens()).as("one token is all answer").isZero();
    ChatRequest shareZero =
        parse(Api.CHAT, "{" + messages + ",\"max_tokens\":10,\"reasoning_effort\":\"low\"}");
    assertThat(shareZero.reasoningTokens()).as("the profile's share is 0").isZero();
  }

  @Test
  void offeredToolsAreReadPerApiAndCalledWithTheirFirstParameter() {
    String chatTools =
        "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"parameters\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}}}]";
    ChatRequest chat =
        parse(
            Api.CHAT,
            "{\"messages\":[{\"role\":\"user\",\"content\":\"w\"}],\"stream\":true,"
                + chatTools
                + "}",
            AGENTIC);
    assertThat(chat.toolCall()).isEqualTo(new OfferedTool("get_weather", "city"));
    assertThat(chat.finishReason()).isEqualTo("tool_calls");
    ChatRequest none =
        parse(
            Api.CHAT,
            "{\"messages\":[{\"role\":\"user\",\"content\":\"w\"}],\"stream\":true,"
                + chatTools
                + ",\"tool_choice\":\"none\"}",
            AGENTIC);
    assertThat(none.toolCall()).as("tool_choice none").isNull();
    ChatRequest messages =
        parse(
            Api.MESSAGES,
            "{\"max_tokens\":30,\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"w\"}],"
                + "\"tools\":[{\"name\":\"search\",\"input_schema\":{\"type\":\"object\","
                + "\"properties\":{\"query\":{\"type\":\"string\"}}}}]}",
            AGENTIC);
    assertThat(messages.toolCall()).isEqualTo(new OfferedTool("search", "query"));
    ChatRequest responses =
        parse(
            Api.RESPONSES,
            "{\"input\":\"w\",\"stream\":true,\"tools\":[{\"type\":\"web_search\"},"
                + "{\"type\":\"function\",\"name\":\"lookup\",\"parameters\":{}}]}",
            AGENTIC);
    assertThat(responses.toolCall())
        .as("built-in tools are skipped; no properties: 'input'")
        .isEqualTo(new OfferedTool("lookup", "input"));
    assertThat(
            parse(
                    Api.CHAT,
                    "{\"messages\":[{\"role\":\"user\",\"content\":\"w\"}]," + chatTools + "}")
                .toolCall())
        .as("tiny-fast's share is 0")
        .isNull();
  }

  @Test
  void theToolDrawIsSeededByThePromptAndFollowsTheShare() {
    List<OfferedTool> tools = List.of(new OfferedTool("a", "x"), new OfferedTool("b", "y"));
    int called = 0;
    for (int i = 0; i < 400; i++) {
      List<String> prompt = List.of("turn " + i);
      OfferedTool first = ChatRequestParser.toolCall(tools, 0.3, prompt);
      assertThat(ChatRequestParser.toolCall(tools, 0.3, prompt))
          .as("same prompt, same draw")
          .isEqualTo(first);
      called += first == null ? 0 : 1;
    }
    assertThat(called).as("about 30% of 400").isBetween(90, 150);
    assertThat(ChatRequestParser.toolCall(tools, 0, List.of("x"))).isNull();
    assertThat(ChatRequestParser.toolCall(List.of(), 1, List.of("x"))).isNull();
  }

  @Test
  void toolArgumentsAreValidJsonOnceAllPiecesArrived() throws Exception {
    ChatRequest request =
        parse(
            Api.CHAT,
            "{\"messages\":[{\"role\":\"user\",\"content\":\"w\"}],\"stream\":true,\"max_tokens\":64,"
                + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}}]}",
            AGENTIC.withShares(1, 0));
    assertThat(request.finishReason())
        .as("the call is whole even when max_tokens sets its length")
        .isEqualTo("tool_calls");
    JsonNode arguments = JSON.readTree(request.toolArguments(request.outputTokens()));
    assertThat(arguments.path("input").asText()).isNotEmpty();
    String single = OfferedTool.argumentsPiece("q", 0, 1, " word");
    assertThat(JSON.readTree(single).path("q").asText()).isEqualTo(" word");
  }

  @Test
  void anthropicErrorsHaveTheirOwnShapeAndTypes() throws Exception {
    ApiException error = ApiException.badRequest("bad", "x");
    JsonNode anthropic = JSON.readTree(error.errorJson(Api.MESSAGES));
    assertThat(anthropic.path("type").asText()).isEqualTo("error");
    assertThat(anthropic.path("error").path("type").asText()).isEqualTo("invalid_request_error");
    assertThat(anthropic.path("error").path("message").asText()).isEqualTo("bad");
    assertThat(JSON.readTree(error.errorJson(Api.RESPONSES)).path("error").path("param").asText())
        .isEqualTo("x");
    assertThat(ApiException.anthropicType(429)).isEqualTo("rate_limit_error");
    assertThat(ApiException.anthropicType(401)).isEqualTo("authentication_error");
    assertThat(ApiException.anthropicType(500)).isEqualTo("api_error");
    assertThat(ApiException.anthropicType(529)).isEqualTo("overloaded_error");
  }

  @Test
  void profileSharesMustBeShares() {
    assertThatThrownBy(() -> AGENTIC.withShares(1.5, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tool_call_share");
    assertThatThrownBy(() -> AGENTIC.withShares(0, -0.1)).hasMessageContaining("reasoning_share");
    assertThat(ModelProfile.builtIn(ModelProfile.DEFAULT_NAME).toolCallShare()).isPositive();
  }

  /**
   * The prompt tokens the engine counts for {@code messages} messages of {@code texts}: each text's
   * tokens, 4 per message, 3 to prime the answer.
   */
  private static int promptTokens(int messages, String... texts) {
    int tokens = 4 * messages + 3;
    for (String text : texts) {
      tokens += TokenCounter.count(text);
    }
    return tokens;
  }
}
