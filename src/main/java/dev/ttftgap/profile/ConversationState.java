package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.StreamAnswer;
import java.util.ArrayList;
import java.util.List;

/**
 * One virtual user's conversation: the turns still to send and the history so far. Each turn sends
 * the opening (shared system prompt, the dataset's system message), every earlier message with the
 * answers that were streamed back, and what comes next: after a text answer the next user message;
 * after a tool-call answer, as an agent loop does, the result of each call (generated text of the
 * conversation's {@code toolResultTokens}) and no new user message. Every request is a turn: the
 * conversation ends after its {@code turns} requests, or when a text answer finds no user message
 * left.
 *
 * <p>Not thread-safe: one virtual user owns it and sends one turn at a time.
 */
public final class ConversationState {
  private final RequestFactory factory;
  private final String id;
  private final long index;
  private final List<ChatMessage> history;
  private final List<ChatMessage> users;
  private final List<Integer> maxTokens;
  private final int maxTurns;
  private final List<ObjectNode> tools;
  private List<StreamAnswer.ToolCall> pendingCalls = List.of();
  private int nextUser;
  private int sent;

  /**
   * @param index the conversation's index in the run (its tool results' tags)
   * @param users the user messages, in order
   * @param maxTokens the {@code max_tokens} of each user message's turn (its tool turns reuse it)
   * @param maxTurns requests at most
   * @param tools offered with every turn (chat form)
   */
  ConversationState(
      RequestFactory factory,
      long index,
      List<ChatMessage> opening,
      List<ChatMessage> users,
      List<Integer> maxTokens,
      int maxTurns,
      List<ObjectNode> tools) {
    this.factory = factory;
    this.id = "c" + index;
    this.index = index;
    this.history = new ArrayList<>(opening);
    this.users = List.copyOf(users);
    this.maxTokens = List.copyOf(maxTokens);
    this.maxTurns = maxTurns;
    this.tools = List.copyOf(tools);
  }

  public String id() {
    return id;
  }

  /** User messages of this conversation (the turns when no answer is a tool call). */
  public int turns() {
    return users.size();
  }

  /** Whether a turn is left to send. */
  public boolean hasNext() {
    return sent < maxTurns && (!pendingCalls.isEmpty() || nextUser < users.size());
  }

  /** The next turn's request; call {@link #answered} with its streamed answer before the next. */
  public PlannedRequest next() {
    if (!hasNext()) {
      throw new IllegalStateException("conversation " + id + " has no turn left");
    }
    int limit;
    if (!pendingCalls.isEmpty()) {
      for (StreamAnswer.ToolCall call : pendingCalls) {
        history.add(factory.toolResult(call.id(), index * RequestFactory.MAX_TURNS + sent));
      }
      pendingCalls = List.of();
      limit = maxTokens.get(Math.max(0, nextUser - 1));
    } else {
      history.add(users.get(nextUser));
      limit = maxTokens.get(nextUser);
      nextUser++;
    }
    sent++;
    return factory.planned(history, limit, id, sent, tools);
  }

  /**
   * Adds the answer streamed for the last turn to the history (an empty one when the turn failed: a
   * chat client would resend the user message; here the conversation goes on without an answer). A
   * call the server gave no id gets one, so that its result can name it.
   */
  public void answered(StreamAnswer answer) {
    StreamAnswer given = answer == null ? new StreamAnswer("", List.of()) : answer;
    List<StreamAnswer.ToolCall> calls = new ArrayList<>();
    for (StreamAnswer.ToolCall call : given.toolCalls()) {
      String callId =
          call.id() == null || call.id().isBlank()
              ? "call_" + id + "_" + sent + "_" + calls.size()
              : call.id();
      calls.add(
          new StreamAnswer.ToolCall(
              callId,
              call.name() == null ? "" : call.name(),
              call.arguments() == null ? "" : call.arguments()));
    }
    history.add(ChatMessage.assistant(given.text(), calls));
    pendingCalls = List.copyOf(calls);
  }

  /** A text answer (no tool call). */
  public void answered(String answer) {
    answered(new StreamAnswer(answer, List.of()));
  }
}
