package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Writes one API's own fields of a request body from the conversation's messages, in the chat form
 * ({@link ChatMessage}): where the messages go, the length field, usage, tools and reasoning. The
 * fields every API shares (model, {@code stream}, temperature, the engine's flags, {@code
 * extraBody}) are {@link RequestBodies}' so that they are written once.
 */
interface ApiBody {

  /**
   * Writes where the messages go and the length field, the body's first fields.
   *
   * @param messages system, user, assistant (with tool calls) and tool messages, in order
   * @param maxTokens the output limit of this request
   */
  void writeInput(ObjectNode body, List<ChatMessage> messages, int maxTokens);

  /**
   * Writes the API's options (usage, tools, reasoning), after {@code stream}.
   *
   * @param tools the request's tools (the profile's, or its dataset row's), chat form
   */
  void writeOptions(ObjectNode body, RequestShape shape, List<ObjectNode> tools);

  /** Whether the body carries {@code temperature} (Messages with thinking refuses it). */
  default boolean sendsTemperature(RequestShape shape) {
    return true;
  }

  /**
   * Writes {@code tools} as {@code "tools"}, each reshaped by {@code reshape} (its chat {@code
   * function} object → the API's tool object), then the profile's {@code tool_choice}; nothing
   * without tools.
   */
  static void writeTools(
      ObjectNode body,
      ApiShape api,
      List<ObjectNode> tools,
      BiConsumer<JsonNode, ObjectNode> reshape) {
    if (tools.isEmpty()) {
      return;
    }
    ArrayNode written = body.putArray("tools");
    for (ObjectNode tool : tools) {
      reshape.accept(tool.get("function"), written.addObject());
    }
    api.toolChoice().ifPresent(choice -> body.set("tool_choice", choice.deepCopy()));
  }

  /**
   * Writes the system messages, joined by blank lines, as {@code field} (nothing without any): the
   * APIs that take them out of the message list (Messages, Responses) differ only in its name.
   */
  static void writeSystem(ObjectNode body, String field, List<String> system) {
    if (!system.isEmpty()) {
      body.put(field, String.join("\n\n", system));
    }
  }

  /** The writer of {@code api}. */
  static ApiBody of(Api api) {
    return switch (api) {
      case CHAT -> new ChatBody();
      case COMPLETIONS -> new CompletionsBody();
      case RESPONSES -> new ResponsesBody();
      case MESSAGES -> new MessagesBody();
    };
  }
}
