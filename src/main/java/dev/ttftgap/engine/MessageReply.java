package dev.ttftgap.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The non-streaming Anthropic answer ({@code POST /v1/messages}): one {@code message} object whose
 * {@code content} holds a {@code thinking} block (when thinking was enabled) and then a {@code
 * text} or a {@code tool_use} block, with {@code stop_reason} and {@code usage}, as Anthropic sends
 * it; the ids and signature are the ones the stream carries ({@link MessagesEncoder}).
 */
final class MessageReply implements WholeReply {
  @Override
  public ObjectNode body(
      String id, long createdEpochSeconds, ChatRequest request, int completionTokens) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    root.put("id", id).put("type", "message").put("role", "assistant");
    root.put("model", request.profile().name());
    ArrayNode content = root.putArray("content");
    Words words = Words.of(request, completionTokens);
    if (!words.reasoning().isEmpty()) {
      content
          .addObject()
          .put("type", "thinking")
          .put("thinking", words.reasoning())
          .put("signature", "sim-" + id);
    }
    if (request.toolCall() == null) {
      content.addObject().put("type", "text").put("text", words.text());
    } else {
      content
          .addObject()
          .put("type", "tool_use")
          .put("id", "toolu_" + id)
          .put("name", request.toolCall().name())
          .set("input", input(request.toolArguments(completionTokens)));
    }
    root.put("stop_reason", MessagesEncoder.stopReason(request)).putNull("stop_sequence");
    root.putObject("usage")
        .put("input_tokens", request.promptTokens())
        .put("output_tokens", completionTokens);
    return root;
  }

  /** The tool's arguments as the JSON object Anthropic's {@code input} is ({} if not whole). */
  private static JsonNode input(String arguments) {
    try {
      JsonNode input = HttpResponses.JSON.readTree(arguments);
      return input != null && input.isObject() ? input : HttpResponses.JSON.createObjectNode();
    } catch (JsonProcessingException e) {
      return HttpResponses.JSON.createObjectNode();
    }
  }
}
