package dev.ttftgap.profile;

import java.util.Optional;

/**
 * Multi-turn conversations: a virtual user holds one conversation, sends turn after turn, and waits
 * {@code thinkTimeSeconds} between an answer's end and its next turn. Every turn sends the whole
 * history, including the previous answers as they were streamed, as a chat client does. A turn
 * answered with a tool call goes on as an agent does: the call and a generated result of {@code
 * toolResultTokens} tokens are sent back, with no new user message, and count as a turn.
 *
 * @param turns turns per conversation; empty = the user turns of each dataset conversation
 * @param thinkTimeSeconds pause between the end of an answer and the next turn, seconds
 * @param toolResultTokens length of the generated result sent back for each tool call, tokens
 */
public record Conversation(Optional<Integer> turns, double thinkTimeSeconds, int toolResultTokens) {
  /** The tool result length when the profile gives none, tokens. */
  public static final int DEFAULT_TOOL_RESULT_TOKENS = 200;

  /** Conversations with the default tool result length. */
  public Conversation(Optional<Integer> turns, double thinkTimeSeconds) {
    this(turns, thinkTimeSeconds, DEFAULT_TOOL_RESULT_TOKENS);
  }

  public Conversation {
    if (toolResultTokens < 1) {
      throw new IllegalArgumentException("toolResultTokens must be >= 1");
    }
    if (turns.isPresent() && turns.get() < 1) {
      throw new IllegalArgumentException("turns must be >= 1");
    }
    if (!(thinkTimeSeconds >= 0)) {
      throw new IllegalArgumentException("thinkTimeSeconds must be >= 0");
    }
  }
}
