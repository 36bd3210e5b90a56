package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.StreamAnswer;
import java.util.List;

/**
 * OpenAI chat completions: {@code messages} (an assistant's {@code tool_calls}, each result a
 * {@code role: "tool"} message with its {@code tool_call_id}), {@code max_tokens}, {@code
 * stream_options.include_usage}, {@code tools} and {@code tool_choice} as written, {@code
 * reasoning_effort}.
 */
final class ChatBody implements ApiBody {
  @Override
  public void writeInput(ObjectNode body, List<ChatMessage> messages, int maxTokens) {
    ArrayNode array = body.putArray("messages");
    for (ChatMessage message : messages) {
      ObjectNode out = array.addObject().put("role", message.role());
      if (message.role().equals("tool")) {
        out.put("tool_call_id", message.toolCallId());
      }
      if (message.toolCalls().isEmpty() || !message.content().isEmpty()) {
        out.put("content", message.content());
      } else {
        out.putNull("content");
      }
      if (!message.toolCalls().isEmpty()) {
        ArrayNode calls = out.putArray("tool_calls");
        for (StreamAnswer.ToolCall call : message.toolCalls()) {
          calls
              .addObject()
              .put("id", call.id())
              .put("type", "function")
              .putObject("function")
              .put("name", call.name())
              .put("arguments", call.arguments());
        }
      }
    }
    body.put("max_tokens", maxTokens);
  }

  @Override
  public void writeOptions(ObjectNode body, RequestShape shape, List<ObjectNode> tools) {
    if (shape.stream().includeUsage()) {
      body.putObject("stream_options").put("include_usage", true);
    }
    ApiShape api = shape.api();
    ApiBody.writeTools(
        body,
        api,
        tools,
        (function, out) -> out.put("type", "function").set("function", function.deepCopy()));
    api.reasoningEffort().ifPresent(effort -> body.put("reasoning_effort", effort.id()));
  }
}
