package dev.ttftgap.stream;

/**
 * What one SSE event of a streaming LLM API carries (the chat wording below; the other APIs' events
 * map onto the same kinds, see {@link ChunkClassifier} and {@code docs/apis.md}).
 *
 * <p>Only {@link #CONTENT}, {@link #REASONING} and {@link #TOOL_CALL} are output (tokens): they
 * alone can be the first token (TTFT) and they alone count as inter-token intervals. See {@link
 * ChunkClassifier} for the exact rules and their order.
 */
public enum ChunkKind {
  /** Some {@code choices[i].delta.content} is a non-empty string (whitespace counts). */
  CONTENT,
  /**
   * No content text, but a non-empty {@code delta.reasoning_content} or {@code delta.reasoning}.
   */
  REASONING,
  /**
   * No content or reasoning text, but a piece of a tool (function) call: its name or a piece of its
   * arguments ({@link Chunk#toolCalls()}).
   */
  TOOL_CALL,
  /** A delta with a {@code role} and no text, including {@code "content":""} and null content. */
  ROLE_ONLY,
  /** Choices present but no text and no role: typically the finish chunk with an empty delta. */
  EMPTY,
  /** {@code "choices":[]}, or no {@code choices} but a {@code usage} object: the usage chunk. */
  USAGE,
  /** A top-level {@code "error"} (object or string), or {@code "object":"error"}. */
  ERROR,
  /**
   * The end of the stream: the {@code [DONE]} sentinel, Responses' {@code response.completed} or
   * {@code response.incomplete}, Messages' {@code message_stop}.
   */
  DONE,
  /** Not JSON, not an object, or none of the shapes above; recorded, never thrown. */
  MALFORMED
}
