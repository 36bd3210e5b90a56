package dev.ttftgap.profile;

import dev.ttftgap.tokens.TokenCounter;
import java.util.ArrayList;
import java.util.List;

/**
 * One virtual user's conversation: the turns still to send and the history so far. Each turn sends
 * the opening (shared system prompt, the dataset's system message), every earlier user message with
 * the answer that was streamed back, and the next user message.
 *
 * <p>Not thread-safe: one virtual user owns it and sends one turn at a time.
 */
public final class ConversationState {
  private final RequestFactory factory;
  private final String id;
  private final List<ChatMessage> history;
  private final List<ChatMessage> turns;
  private final List<Integer> maxTokens;
  private int sent;

  ConversationState(
      RequestFactory factory,
      String id,
      List<ChatMessage> opening,
      List<ChatMessage> turns,
      List<Integer> maxTokens) {
    this.factory = factory;
    this.id = id;
    this.history = new ArrayList<>(opening);
    this.turns = List.copyOf(turns);
    this.maxTokens = List.copyOf(maxTokens);
  }

  public String id() {
    return id;
  }

  /** Turns of this conversation. */
  public int turns() {
    return turns.size();
  }

  /** Whether a turn is left to send. */
  public boolean hasNext() {
    return sent < turns.size();
  }

  /** The next turn's request; call {@link #answered} with its streamed answer before the next. */
  public PlannedRequest next() {
    if (!hasNext()) {
      throw new IllegalStateException("conversation " + id + " has no turn left");
    }
    ChatMessage user = turns.get(sent);
    history.add(user);
    PlannedRequest request = factory.planned(history, maxTokens.get(sent), id, sent + 1);
    sent++;
    return request;
  }

  /**
   * Adds the answer streamed for the last turn to the history (an empty one when the turn failed: a
   * chat client would resend the user message; here the conversation goes on without an answer).
   */
  public void answered(String answer) {
    String text = answer == null ? "" : answer;
    history.add(new ChatMessage("assistant", text, TokenCounter.count(text)));
  }
}
