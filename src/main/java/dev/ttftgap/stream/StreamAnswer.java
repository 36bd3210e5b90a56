package dev.ttftgap.stream;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a stream answered, as a conversation's history needs it: the visible text and the tool calls
 * (each put together from its pieces), so that an agent loop can send the call back with its
 * result.
 *
 * @param text the content text, in order (reasoning left out: it is not sent back); may be empty
 * @param toolCalls the calls, by index, each with its whole arguments; empty when none
 */
public record StreamAnswer(String text, List<ToolCall> toolCalls) {

  /**
   * One whole tool call.
   *
   * @param id the call's id as the server gave it (null when it gave none)
   * @param name the function name
   * @param arguments the JSON arguments, the pieces concatenated
   */
  public record ToolCall(String id, String name, String arguments) {}

  public StreamAnswer {
    text = text == null ? "" : text;
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
  }

  /**
   * The answer the chunks of one stream make, in arrival order: the content text (reasoning left
   * out) and each tool call put together by index, in order of first appearance: its argument
   * pieces joined, its id and name from the first piece that carried them.
   */
  public static StreamAnswer of(Iterable<Chunk> chunks) {
    StringBuilder text = new StringBuilder();
    Map<Integer, Call> calls = new LinkedHashMap<>();
    for (Chunk chunk : chunks) {
      String content = chunk.contentText();
      if (content != null) {
        text.append(content);
      }
      for (ToolCallDelta piece : chunk.toolCalls()) {
        Call call = calls.computeIfAbsent(piece.index(), index -> new Call());
        call.id = call.id == null ? piece.id() : call.id;
        call.name = call.name == null ? piece.name() : call.name;
        if (piece.argumentsDelta() != null) {
          call.arguments.append(piece.argumentsDelta());
        }
      }
    }
    List<ToolCall> whole = new ArrayList<>(calls.size());
    for (Call call : calls.values()) {
      whole.add(new ToolCall(call.id, call.name, call.arguments.toString()));
    }
    return new StreamAnswer(text.toString(), whole);
  }

  /** A tool call while its pieces arrive. */
  private static final class Call {
    String id;
    String name;
    final StringBuilder arguments = new StringBuilder();
  }
}
