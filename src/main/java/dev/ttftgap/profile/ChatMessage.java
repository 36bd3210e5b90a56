package dev.ttftgap.profile;

import dev.ttftgap.stream.StreamAnswer;
import dev.ttftgap.tokens.TokenCounter;
import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation, in the chat form every API's body is written from ({@link
 * ApiBody}): its role ({@code system}, {@code user}, {@code assistant}, {@code tool}), its text and
 * its length in tokens ({@link TokenCounter}, counted once when the message is made). An assistant
 * message may carry the tool calls it answered with; a {@code tool} message is the result of the
 * call {@code toolCallId}.
 *
 * @param toolCalls the assistant's tool calls, each with an id; empty otherwise
 * @param toolCallId the call a {@code tool} message answers; null otherwise
 */
record ChatMessage(
    String role,
    String content,
    int tokens,
    List<StreamAnswer.ToolCall> toolCalls,
    String toolCallId) {
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
    toolCalls = List.copyOf(toolCalls);
    if (role.equals("tool") && toolCallId == null) {
      throw new IllegalArgumentException("a tool message needs the id of its call");
    }
  }

  /** A message without tool calls. */
  ChatMessage(String role, String content, int tokens) {
    this(role, content, tokens, List.of(), null);
  }

  /** A message whose tokens are counted now. */
  public static ChatMessage of(String role, String content) {
    return new ChatMessage(role, content, TokenCounter.count(content));
  }

  /**
   * The assistant's answer: its text and its tool calls, the calls' names and arguments counted.
   */
  static ChatMessage assistant(String text, List<StreamAnswer.ToolCall> calls) {
    int tokens = TokenCounter.count(text);
    for (StreamAnswer.ToolCall call : calls) {
      tokens += TokenCounter.count(call.name()) + TokenCounter.count(call.arguments());
    }
    return new ChatMessage("assistant", text, tokens, calls, null);
  }

  /** The result of the tool call {@code callId}. */
  static ChatMessage toolResult(String callId, String content, int tokens) {
    return new ChatMessage("tool", content, tokens, List.of(), callId);
  }
}
