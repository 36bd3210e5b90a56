package dev.ttftgap.profile;

import dev.ttftgap.tokens.TokenCounter;
import java.util.Objects;

/**
 * One message of a chat request: its role ({@code system}, {@code user}, {@code assistant}), its
 * text and its length in tokens ({@link TokenCounter}, counted once when the message is made).
 */
record ChatMessage(String role, String content, int tokens) {
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
  }

  /** A message whose tokens are counted now. */
  public static ChatMessage of(String role, String content) {
    return new ChatMessage(role, content, TokenCounter.count(content));
  }
}
