package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.StreamAnswer;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenAI Responses: the system messages as {@code instructions}, the rest as {@code input} items
 * ({@code {"role", "content"}} messages; an assistant's tool call a {@code function_call} item, its
 * result a {@code function_call_output}), {@code max_output_tokens}, {@code tools} in Responses'
 * flat form {@code {"type": "function", "name", "description", "parameters"}}, {@code tool_choice}
 * as written, {@code reasoning: {effort}}. Responses report usage on {@code response.completed}
 * without being asked.
 */
final class ResponsesBody implements ApiBody {
  @Override
  public void writeInput(ObjectNode body, List<ChatMessage> messages, int maxTokens) {
    List<String> system = new ArrayList<>();
    ArrayNode input = RequestBodies.MAPPER.createArrayNode();
    for (ChatMessage message : messages) {
      switch (message.role()) {
        case "system" -> system.add(message.content());
        case "tool" ->
            input
                .addObject()
                .put("type", "function_call_output")
                .put("call_id", message.toolCallId())
                .put("output", message.content());
        default -> {
          if (!message.content().isEmpty() || message.toolCalls().isEmpty()) {
            input.addObject().put("role", message.role()).put("content", message.content());
          }
          for (StreamAnswer.ToolCall call : message.toolCalls()) {
            input
                .addObject()
                .put("type", "function_call")
                .put("call_id", call.id())
                .put("name", call.name())
                .put("arguments", call.arguments());
          }
        }
      }
    }
    ApiBody.writeSystem(body, "instructions", system);
    body.set("input", input);
    body.put("max_output_tokens", maxTokens);
  }

  @Override
  public void writeOptions(ObjectNode body, RequestShape shape, List<ObjectNode> tools) {
    ApiBody.writeTools(
        body,
        shape.api(),
        tools,
        (function, flat) -> {
          flat.put("type", "function");
          function.fields().forEachRemaining(e -> flat.set(e.getKey(), e.getValue().deepCopy()));
        });
    shape
        .api()
        .reasoningEffort()
        .ifPresent(effort -> body.putObject("reasoning").put("effort", effort.id()));
  }
}
