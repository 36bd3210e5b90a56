package dev.ttftgap.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.StreamAnswer;
import java.util.ArrayList;
import java.util.List;

/**
 * Anthropic Messages: the system messages as {@code system}, the rest as {@code messages} of
 * content blocks ({@code text}; an assistant's tool call a {@code tool_use} block with its parsed
 * {@code input}, its result a {@code tool_result} block in the next user message), {@code
 * max_tokens} (required), {@code tools} as {@code {name, description, input_schema}}, {@code
 * tool_choice} as written, {@code thinking: {type: "enabled", budget_tokens}} from the reasoning
 * effort (then no {@code temperature}: Messages refuses it with thinking).
 *
 * <p>Messages must alternate user and assistant: consecutive messages of one role (tool results
 * with the next user message) become one message; an empty assistant answer (a failed turn) is left
 * out, as Messages refuses empty text blocks.
 */
final class MessagesBody implements ApiBody {
  @Override
  public void writeInput(ObjectNode body, List<ChatMessage> messages, int maxTokens) {
    List<String> system = new ArrayList<>();
    ArrayNode out = RequestBodies.MAPPER.createArrayNode();
    String lastRole = null;
    ArrayNode blocks = null;
    for (ChatMessage message : messages) {
      if (message.role().equals("system")) {
        system.add(message.content());
        continue;
      }
      ArrayNode these = blocks(message);
      if (these.isEmpty()) {
        continue;
      }
      String role = message.role().equals("assistant") ? "assistant" : "user";
      if (!role.equals(lastRole)) {
        ObjectNode next = out.addObject().put("role", role);
        blocks = next.putArray("content");
        lastRole = role;
      }
      blocks.addAll(these);
    }
    ApiBody.writeSystem(body, "system", system);
    body.set("messages", out);
    body.put("max_tokens", maxTokens);
  }

  @Override
  public void writeOptions(ObjectNode body, RequestShape shape, List<ObjectNode> tools) {
    ApiShape api = shape.api();
    ApiBody.writeTools(body, api, tools, MessagesBody::tool);
    api.reasoningEffort()
        .ifPresent(
            effort ->
                body.putObject("thinking")
                    .put("type", "enabled")
                    .put("budget_tokens", effort.budgetTokens()));
  }

  @Override
  public boolean sendsTemperature(RequestShape shape) {
    return shape.api().reasoningEffort().isEmpty();
  }

  /** A chat {@code function} as a Messages tool: {@code name}, {@code description}, schema. */
  private static void tool(JsonNode function, ObjectNode converted) {
    converted.put("name", function.get("name").asText());
    if (function.has("description")) {
      converted.set("description", function.get("description").deepCopy());
    }
    JsonNode parameters = function.get("parameters");
    if (parameters != null && parameters.isObject()) {
      converted.set("input_schema", parameters.deepCopy());
    } else {
      converted.putObject("input_schema").put("type", "object").putObject("properties");
    }
  }

  /** The content blocks of one message; none for an empty answer. */
  private static ArrayNode blocks(ChatMessage message) {
    ArrayNode blocks = RequestBodies.MAPPER.createArrayNode();
    if (message.role().equals("tool")) {
      blocks
          .addObject()
          .put("type", "tool_result")
          .put("tool_use_id", message.toolCallId())
          .put("content", message.content());
      return blocks;
    }
    if (!message.content().isEmpty()) {
      blocks.addObject().put("type", "text").put("text", message.content());
    }
    for (StreamAnswer.ToolCall call : message.toolCalls()) {
      blocks
          .addObject()
          .put("type", "tool_use")
          .put("id", call.id())
          .put("name", call.name())
          .set("input", input(call.arguments()));
    }
    return blocks;
  }

  /** A call's arguments as the JSON object {@code tool_use.input} wants; {@code {}} if not one. */
  private static JsonNode input(String arguments) {
    try {
      JsonNode parsed = RequestBodies.MAPPER.readTree(arguments == null ? "" : arguments);
      return parsed != null && parsed.isObject() ? parsed : RequestBodies.MAPPER.createObjectNode();
    } catch (JsonProcessingException e) {
      return RequestBodies.MAPPER.createObjectNode();
    }
  }
}
