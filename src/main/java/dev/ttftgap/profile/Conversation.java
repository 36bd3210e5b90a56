package dev.ttftgap.profile;

import java.util.Optional;

/**
 * Multi-turn conversations: a virtual user holds one conversation, sends turn after turn, and waits
 * {@code thinkTimeSeconds} between an answer's end and its next turn. Every turn sends the whole
 * history, including the previous answers as they were streamed, as a chat client does.
 *
 * @param turns turns per conversation; empty = the user turns of each dataset conversation
 * @param thinkTimeSeconds pause between the end of an answer and the next turn, seconds
 */
public record Conversation(Optional<Integer> turns, double thinkTimeSeconds) {
  public Conversation {
    if (turns.isPresent() && turns.get() < 1) {
      throw new IllegalArgumentException("turns must be >= 1");
    }
    if (!(thinkTimeSeconds >= 0)) {
      throw new IllegalArgumentException("thinkTimeSeconds must be >= 0");
    }
  }
}
