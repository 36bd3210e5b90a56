package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.stream.StreamAnswer;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The body of each API, golden: a first turn (system prompt, user message, tools) and the turn
 * after a tool-call answer, which carries the call and its result in that API's own shape (OpenAI
 * chat completions and Responses, Anthropic Messages, as their API references spell them).
 */
class ApiBodyTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String TOOL =
      """
      {"type": "function", "function": {"name": "get_weather", "description": "Weather of a city",
       "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}""";
  private static final String RESULT = "Begin bring what late simple. Under read";
  private static final StreamAnswer CALL =
      new StreamAnswer(
          "", List.of(new StreamAnswer.ToolCall("call_1", "get_weather", "{\"city\":\"Paris\"}")));

  /** A conversation of {@code api} with one tool, a system prompt and a fixed user message. */
  private static ConversationState conversation(String api, String extra) {
    String tools = api.equals("completions") ? "" : ", \"tools\": [" + TOOL + "]";
    RequestShape shape =
        RequestShapes.parse(
            "{\"api\": \""
                + api
                + "\", \"prompt\": \"Hi\", \"prompts\": \"repeated\", \"systemPrompt\": \"Be"
                + " brief.\", \"maxTokens\": 16"
                + tools
                + extra
                + ", \"conversation\": {\"turns\": 3, \"toolResultTokens\": 8}}");
    return RequestFactory.of(shape, Optional.of("m")).conversation(0);
  }

  private static JsonNode json(String text) throws Exception {
    return MAPPER.readTree(text);
  }

  /** The second turn's body after a tool-call answer to the first. */
  private static JsonNode afterToolCall(String api) throws Exception {
    ConversationState state = conversation(api, "");
    state.next();
    state.answered(CALL);
    return json(state.next().json());
  }

  @Test
  void chatSendsToolsAndTheCallWithItsResultAsAToolMessage() throws Exception {
    ConversationState state = conversation("chat", "");
    assertThat(state.next().json())
        .isEqualTo(
            "{\"model\":\"m\",\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},"
                + "{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":16,\"temperature\":0.0,"
                + "\"stream\":true,\"stream_options\":{\"include_usage\":true},\"tools\":["
                + MAPPER.readTree(TOOL)
                + "]}");
    state.answered(CALL);
    assertThat(json(state.next().json()).get("messages"))
        .isEqualTo(
            json(
                """
                [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"},
                 {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1",
                  "type": "function",
                  "function": {"name": "get_weather", "arguments": "{\\"city\\":\\"Paris\\"}"}}]},
                 {"role": "tool", "tool_call_id": "call_1", "content": "%s"}]"""
                    .formatted(RESULT)));
  }

  @Test
  void completionsSendsThePromptFlattenedWithUsage() throws Exception {
    assertFirstBody(
        "completions",
        """
            {"model": "m", "prompt": "System: Be brief.\\n\\nUser: Hi\\n\\nAssistant:",
             "max_tokens": 16, "temperature": 0.0, "stream": true,
             "stream_options": {"include_usage": true}}""");
    RequestShape lone =
        RequestShapes.parse(
            "{\"api\": \"completions\", \"prompt\": \"Hi\", \"prompts\": \"repeated\"}");
    assertThat(
            json(RequestFactory.of(lone, Optional.empty()).single(0).json()).get("prompt").asText())
        .as("a lone user message is the prompt itself, as a benchmark sends it")
        .isEqualTo("Hi");
  }

  @Test
  void responsesSendsInstructionsInputItemsAndFlatTools() throws Exception {
    assertFirstBody(
        "responses",
        """
            {"model": "m", "instructions": "Be brief.", "input": [{"role": "user",
             "content": "Hi"}], "max_output_tokens": 16, "temperature": 0.0, "stream": true,
             "tools": [{"type": "function", "name": "get_weather",
              "description": "Weather of a city", "parameters": {"type": "object",
              "properties": {"city": {"type": "string"}}}}]}""");
    assertAfterToolCall(
        "responses",
        "input",
        """
                [{"role": "user", "content": "Hi"},
                 {"type": "function_call", "call_id": "call_1", "name": "get_weather",
                  "arguments": "{\\"city\\":\\"Paris\\"}"},
                 {"type": "function_call_output", "call_id": "call_1", "output": "%s"}]""");
  }

  @Test
  void messagesSendsSystemContentBlocksAndInputSchemas() throws Exception {
    assertFirstBody(
        "messages",
        """
            {"model": "m", "system": "Be brief.",
             "messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"}]}],
             "max_tokens": 16, "temperature": 0.0, "stream": true,
             "tools": [{"name": "get_weather", "description": "Weather of a city",
              "input_schema": {"type": "object",
               "properties": {"city": {"type": "string"}}}}]}""");
    assertAfterToolCall(
        "messages",
        "messages",
        """
                [{"role": "user", "content": [{"type": "text", "text": "Hi"}]},
                 {"role": "assistant", "content": [{"type": "tool_use", "id": "call_1",
                  "name": "get_weather", "input": {"city": "Paris"}}]},
                 {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1",
                  "content": "%s"}]}]""");
  }

  @Test
  void messagesMergesTheToolResultWithTheNextUserMessageAndDropsEmptyAnswers() throws Exception {
    ConversationState state = conversation("messages", "");
    state.next();
    state.answered(""); // a failed turn: no answer
    JsonNode second = json(state.next().json()).get("messages");
    assertThat(second).hasSize(1);
    assertThat(second.at("/0/content"))
        .hasSize(2)
        .allMatch(b -> b.get("type").asText().equals("text"));
  }

  @Test
  void reasoningEffortIsEachApisOwnField() throws Exception {
    assertThat(
            json(conversation("chat", ", \"reasoningEffort\": \"medium\"").next().json())
                .get("reasoning_effort")
                .asText())
        .isEqualTo("medium");
    assertThat(
            json(conversation("responses", ", \"reasoningEffort\": \"high\"").next().json())
                .get("reasoning"))
        .isEqualTo(json("{\"effort\": \"high\"}"));
    RequestShape messages =
        RequestShapes.parse(
            "{\"api\": \"messages\", \"prompt\": \"Hi\", \"maxTokens\": 2048,"
                + " \"reasoningEffort\": \"low\"}");
    JsonNode body = json(RequestFactory.of(messages, Optional.empty()).single(0).json());
    assertThat(body.get("thinking"))
        .isEqualTo(json("{\"type\": \"enabled\", \"budget_tokens\": 1024}"));
    assertThat(body.has("temperature")).as("Messages refuses temperature with thinking").isFalse();
    assertThat(json(conversation("chat", "").next().json()).has("reasoning_effort"))
        .as("the engine reasons only when asked")
        .isFalse();
  }

  @Test
  void aCallWithoutAnIdGetsOneItsResultNames() throws Exception {
    ConversationState state = conversation("chat", "");
    state.next();
    state.answered(
        new StreamAnswer(
            "Let me look.", List.of(new StreamAnswer.ToolCall(null, "get_weather", null))));
    JsonNode messages = json(state.next().json()).get("messages");
    String id = messages.at("/2/tool_calls/0/id").asText();
    assertThat(id).isEqualTo("call_c0_1_0");
    assertThat(messages.at("/2/content").asText()).isEqualTo("Let me look.");
    assertThat(messages.at("/2/tool_calls/0/function/arguments").asText()).isEmpty();
    assertThat(messages.at("/3/tool_call_id").asText()).isEqualTo(id);
  }

  @Test
  void extraBodyStillMergesLast() throws Exception {
    RequestShape shape =
        RequestShapes.parse(
            "{\"api\": \"messages\", \"prompt\": \"Hi\", \"extraBody\": {\"top_k\": 5}}");
    assertThat(
            json(RequestFactory.of(shape, Optional.empty()).single(0).json()).get("top_k").asInt())
        .isEqualTo(5);
  }

  /** The first request body of {@code api}'s conversation is the JSON {@code expected}. */
  private static void assertFirstBody(String api, String expected) throws Exception {
    assertThat(json(conversation(api, "").next().json())).isEqualTo(json(expected));
  }

  /**
   * The {@code field} of {@code api}'s second body after a tool-call answer is the JSON {@code
   * expected}, its {@code %s} the tool's result.
   */
  private static void assertAfterToolCall(String api, String field, String expected)
      throws Exception {
    assertThat(afterToolCall(api).get(field)).isEqualTo(json(expected.formatted(RESULT)));
  }
}
