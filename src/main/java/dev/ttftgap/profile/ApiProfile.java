package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.TtftKind;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code request} object's API fields, read into an {@link ApiShape}: {@code api}, {@code
 * ttftFrom}, {@code tools}, {@code toolChoice}, {@code reasoningEffort}. What an API cannot carry
 * (tools on completions) and extra body fields that would replace what the API's body already sends
 * fail here, with the field and the fix.
 */
final class ApiProfile {
  static final List<String> FIELDS =
      List.of("api", "ttftFrom", "tools", "toolChoice", "reasoningEffort");

  /** Per API, the body fields it sends besides the common ones, and the profile field of each. */
  private static final Map<Api, Map<String, String>> API_FIELDS =
      Map.of(
          Api.CHAT,
          Map.of("reasoning_effort", "request.reasoningEffort"),
          Api.COMPLETIONS,
          Map.of("prompt", "request.prompt, promptTokens or dataset"),
          Api.RESPONSES,
          Map.of(
              "input", "request.prompt, promptTokens or dataset",
              "instructions", "request.systemPrompt",
              "max_output_tokens", "request.maxTokens",
              "reasoning", "request.reasoningEffort"),
          Api.MESSAGES,
          Map.of(
              "system", "request.systemPrompt",
              "thinking", "request.reasoningEffort"));

  private ApiProfile() {}

  static ApiShape parse(JsonFields fields, Optional<ObjectNode> extraBody) {
    Api api =
        fields
            .optionalString("api", "use one of " + ids(Api.values()))
            .map(text -> parseApi(fields, text))
            .orElse(Api.CHAT);
    TtftKind ttftFrom =
        fields
            .optionalChoice("ttftFrom", Arrays.stream(TtftKind.values()).map(TtftKind::id).toList())
            .map(TtftKind::parse)
            .orElse(TtftKind.ANY);
    List<ObjectNode> tools =
        fields
            .optional("tools")
            .map(node -> ToolDefinitions.read(node, fields.child("tools"), fields::error))
            .orElse(List.of());
    Optional<JsonNode> toolChoice = fields.optional("toolChoice");
    if (toolChoice.isPresent() && tools.isEmpty()) {
      throw fields.error(
          fields.child("toolChoice"), "set without tools; add request.tools or remove it");
    }
    Optional<ReasoningEffort> effort =
        fields
            .optionalChoice("reasoningEffort", List.of("low", "medium", "high"))
            .map(text -> ReasoningEffort.valueOf(text.toUpperCase(java.util.Locale.ROOT)));
    if (api == Api.COMPLETIONS && !tools.isEmpty()) {
      throw fields.error(
          fields.child("tools"),
          "the completions API takes no tools; use \"api\": \"chat\", \"responses\" or"
              + " \"messages\", or remove tools");
    }
    if (api == Api.COMPLETIONS && effort.isPresent()) {
      throw fields.error(
          fields.child("reasoningEffort"),
          "the completions API takes no reasoning effort; use another api, or remove it");
    }
    if (ttftFrom == TtftKind.TOOL_CALL && tools.isEmpty()) {
      throw fields.error(
          fields.child("ttftFrom"),
          "\"toolCall\" without tools: no request could answer with a tool call; add"
              + " request.tools or use \"any\"");
    }
    extraBody.ifPresent(extra -> checkExtraBody(fields, api, extra, effort.isPresent()));
    return new ApiShape(api, ttftFrom, tools, toolChoice, effort);
  }

  /**
   * Messages wants {@code max_tokens} above the thinking budget ({@code budget_tokens}), which the
   * reasoning effort sets.
   */
  static void checkThinkingBudget(JsonFields fields, ApiShape api, int maxTokens) {
    if (api.api() != Api.MESSAGES || api.reasoningEffort().isEmpty()) {
      return;
    }
    ReasoningEffort effort = api.reasoningEffort().get();
    if (maxTokens <= effort.budgetTokens()) {
      throw fields.error(
          fields.child("maxTokens"),
          maxTokens
              + " is not above the thinking budget of reasoningEffort "
              + effort.id()
              + " ("
              + effort.budgetTokens()
              + " tokens; Messages needs max_tokens > budget_tokens); raise maxTokens or lower"
              + " reasoningEffort");
    }
  }

  private static Api parseApi(JsonFields fields, String text) {
    try {
      return Api.parse(text);
    } catch (IllegalArgumentException e) {
      throw fields.error(
          fields.child("api"), "\"" + text + "\" is not an API; use one of " + ids(Api.values()));
    }
  }

  /**
   * Extra body fields may not replace what the API's body sends: each has its profile field. A
   * reasoning field is the user's own while {@code reasoningEffort} is not set.
   */
  private static void checkExtraBody(
      JsonFields fields, Api api, ObjectNode extra, boolean reasoningAsked) {
    Map<String, String> owned = API_FIELDS.get(api);
    extra
        .fieldNames()
        .forEachRemaining(
            name -> {
              String home =
                  name.equals("tools") || name.equals("tool_choice")
                      ? "request.tools and request.toolChoice"
                      : owned.get(name);
              boolean reasoningField = home != null && home.equals("request.reasoningEffort");
              if (home != null && (reasoningAsked || !reasoningField)) {
                throw fields.error(
                    fields.child("extraBody") + "." + name,
                    "would replace a field the " + api.id() + " body sends; set it with " + home);
              }
            });
  }

  private static String ids(Api[] apis) {
    return String.join(", ", Arrays.stream(apis).map(Api::id).toList());
  }
}
