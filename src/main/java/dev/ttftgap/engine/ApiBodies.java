package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ttftgap.stream.Api;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What differs between the APIs' request bodies: where the prompt text is, which field caps the
 * output, how reasoning is asked for and how tools are offered. Everything else (model, faults,
 * limits) {@link ChatRequestParser} reads the same way for every API.
 */
final class ApiBodies {
  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  private ApiBodies() {}

  /**
   * One body's API-specific parts.
   *
   * @param contents the prompt's texts, one per message (instructions and system prompts first)
   * @param maxTokensField the field that caps the output
   * @param maxTokensRequired whether that field must be present (Messages)
   * @param reasoningAsked whether the request asks for reasoning
   * @param tools the function tools offered, empty when none (or {@code tool_choice} none)
   * @param perMessageTokens prompt tokens added per message (chat's counting; 0 for a bare prompt)
   * @param primingTokens prompt tokens added once
   */
  record Body(
      List<String> contents,
      String maxTokensField,
      boolean maxTokensRequired,
      boolean reasoningAsked,
      List<OfferedTool> tools,
      int perMessageTokens,
      int primingTokens) {}

  static Body read(Api api, JsonNode root) {
    int perMessage = ChatRequest.PER_MESSAGE_TOKENS;
    int priming = ChatRequest.PRIMING_TOKENS;
    return switch (api) {
      case CHAT ->
          new Body(
              messages(root, "messages", List.of()),
              root.has("max_completion_tokens") ? "max_completion_tokens" : "max_tokens",
              false,
              effort(root.path("reasoning_effort")),
              noTools(root.path("tool_choice")) ? List.of() : chatTools(root.path("tools")),
              perMessage,
              priming);
      case COMPLETIONS ->
          new Body(
              List.of(prompt(root.path("prompt"))), "max_tokens", false, false, List.of(), 0, 0);
      case RESPONSES ->
          new Body(
              responsesInput(root),
              "max_output_tokens",
              false,
              effort(root.path("reasoning").path("effort")),
              noTools(root.path("tool_choice"))
                  ? List.of()
                  : flatTools(root.path("tools"), "parameters"),
              perMessage,
              priming);
      case MESSAGES ->
          new Body(
              messages(root, "messages", system(root.path("system"))),
              "max_tokens",
              true,
              "enabled".equals(root.path("thinking").path("type").asText()),
              noTools(root.path("tool_choice"))
                  ? List.of()
                  : flatTools(root.path("tools"), "input_schema"),
              perMessage,
              priming);
    };
  }

  /** {@code messages}: an array of {@code {role, content}}, content a string or blocks. */
  private static List<String> messages(JsonNode root, String field, List<String> first) {
    JsonNode messages = root.path(field);
    if (messages.isMissingNode() || messages.isNull()) {
      throw ApiException.badRequest("'" + field + "' is a required property", field);
    }
    if (!messages.isArray() || messages.isEmpty()) {
      throw ApiException.badRequest("'" + field + "' must be a non-empty array", field);
    }
    List<String> contents = new ArrayList<>(first);
    for (int i = 0; i < messages.size(); i++) {
      JsonNode message = messages.get(i);
      if (!message.isObject() || !message.path("role").isTextual()) {
        throw ApiException.badRequest(
            field + "[" + i + "] must be an object with a string 'role'", field);
      }
      String where = field + "[" + i + "].content";
      contents.add(content(message.path("content"), where) + toolCallArguments(message));
    }
    return contents;
  }

  /** An assistant message's chat tool calls, as text: their arguments count as prompt. */
  private static String toolCallArguments(JsonNode message) {
    StringBuilder text = new StringBuilder();
    for (JsonNode call : message.path("tool_calls")) {
      text.append(call.path("function").path("arguments").asText(""));
    }
    return text.toString();
  }

  /**
   * A content: a string, or blocks whose text is {@code text}, {@code thinking}, a {@code
   * tool_result}'s {@code content} (itself a string or blocks), a {@code tool_use}'s {@code input}.
   */
  static String content(JsonNode content, String where) {
    if (content.isTextual()) {
      return content.asText();
    }
    if (content.isMissingNode() || content.isNull()) {
      return "";
    }
    if (!content.isArray()) {
      throw ApiException.badRequest(
          where + " must be a string or an array of parts", where.split("[\\[.]", 2)[0]);
    }
    StringBuilder text = new StringBuilder();
    for (JsonNode part : content) {
      text.append(part.path("text").asText(""));
      text.append(part.path("thinking").asText(""));
      if (part.has("content")) {
        text.append(content(part.path("content"), where));
      }
      if (part.path("input").isObject()) {
        text.append(part.path("input"));
      }
    }
    return text.toString();
  }

  /** Messages' {@code system}: absent, a string or text blocks. */
  private static List<String> system(JsonNode system) {
    return system.isMissingNode() || system.isNull()
        ? List.of()
        : List.of(content(system, "system"));
  }

  /** Completions' {@code prompt}: a string, or an array of exactly one string. */
  private static String prompt(JsonNode prompt) {
    if (prompt.isTextual()) {
      return prompt.asText();
    }
    if (prompt.isArray() && prompt.size() == 1 && prompt.get(0).isTextual()) {
      return prompt.get(0).asText();
    }
    if (prompt.isMissingNode() || prompt.isNull()) {
      throw ApiException.badRequest("'prompt' is a required property", "prompt");
    }
    throw ApiException.badRequest(
        "'prompt' must be a string or an array of one string (one completion per request)",
        "prompt");
  }

  /**
   * Responses' {@code instructions} and {@code input}: a string, or items (messages with a string
   * or {@code input_text} parts, {@code function_call} arguments, {@code function_call_output}).
   */
  private static List<String> responsesInput(JsonNode root) {
    List<String> contents = new ArrayList<>();
    JsonNode instructions = root.path("instructions");
    if (instructions.isTextual()) {
      contents.add(instructions.asText());
    }
    JsonNode input = root.path("input");
    if (input.isTextual()) {
      contents.add(input.asText());
      return contents;
    }
    if (!input.isArray() || input.isEmpty()) {
      throw ApiException.badRequest(
          "'input' is required: a string or a non-empty array of items", "input");
    }
    for (int i = 0; i < input.size(); i++) {
      JsonNode item = input.get(i);
      if (!item.isObject()) {
        throw ApiException.badRequest("input[" + i + "] must be an object", "input");
      }
      contents.add(
          content(item.path("content"), "input[" + i + "].content")
              + item.path("arguments").asText("")
              + item.path("output").asText(""));
    }
    return contents;
  }

  /** A reasoning effort asks for reasoning unless it is absent, null or {@code "none"}. */
  private static boolean effort(JsonNode effort) {
    return effort.isTextual() && !effort.asText().equals("none");
  }

  /** {@code tool_choice} {@code "none"} (OpenAI) or {@code {"type":"none"}} (Anthropic). */
  private static boolean noTools(JsonNode choice) {
    return "none".equals(choice.asText()) || "none".equals(choice.path("type").asText());
  }

  /** Chat's {@code tools}: {@code [{"type":"function","function":{"name","parameters"}}]}. */
  private static List<OfferedTool> chatTools(JsonNode tools) {
    List<OfferedTool> offered = new ArrayList<>();
    for (JsonNode tool : tools) {
      JsonNode function = tool.path("function");
      addTool(offered, function.path("name"), function.path("parameters"), "tools");
    }
    return offered;
  }

  /** Responses' and Messages' {@code tools}: the name and schema on the tool itself. */
  private static List<OfferedTool> flatTools(JsonNode tools, String schemaField) {
    List<OfferedTool> offered = new ArrayList<>();
    for (JsonNode tool : tools) {
      if (tool.has("type")
          && !tool.path("type").asText().equals("function")
          && !tool.has(schemaField)) {
        continue; // a built-in tool (web search, …) the simulated model does not call
      }
      addTool(offered, tool.path("name"), tool.path(schemaField), "tools");
    }
    return offered;
  }

  private static void addTool(
      List<OfferedTool> offered, JsonNode name, JsonNode schema, String field) {
    if (!name.isTextual() || name.asText().isEmpty()) {
      throw ApiException.badRequest(
          field + "[" + offered.size() + "] must have a non-empty string 'name'", field);
    }
    String argument = OfferedTool.DEFAULT_ARGUMENT;
    Iterator<String> properties = schema.path("properties").fieldNames();
    if (properties.hasNext()) {
      String first = properties.next();
      argument = PLAIN_NAME.matcher(first).matches() ? first : argument;
    }
    offered.add(new OfferedTool(name.asText(), argument));
  }
}
