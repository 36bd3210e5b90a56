package dev.ttftgap.stream;

import java.util.List;

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
   * The answer the chunks of one stream make, in arrival order.
   *
   * <p>SKELETON (issue 25): text only until the grammars land.
   */
  public static StreamAnswer of(Iterable<Chunk> chunks) {
    StringBuilder text = new StringBuilder();
    for (Chunk chunk : chunks) {
      if (chunk.kind() == ChunkKind.CONTENT && chunk.text() != null) {
        text.append(chunk.text());
      }
    }
    return new StreamAnswer(text.toString(), List.of());
  }
}
