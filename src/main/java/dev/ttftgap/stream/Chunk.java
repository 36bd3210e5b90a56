package dev.ttftgap.stream;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One classified SSE {@code data:} payload.
 *
 * @param kind what the payload carries; never null
 * @param id the chunk's {@code id} ({@code chatcmpl-...}) when present, else null
 * @param text token text for {@link ChunkKind#CONTENT} and {@link ChunkKind#REASONING} chunks: the
 *     reasoning text followed by the content text of every choice, in order; null otherwise
 * @param completionTokens {@code usage.completion_tokens} when the payload has a usage object with
 *     it (on any kind), else null
 * @param promptTokens {@code usage.prompt_tokens} when present, else null
 * @param finishReason the first non-null {@code choices[i].finish_reason}, else null
 * @param errorMessage for {@link ChunkKind#ERROR} the server's message (or error type/code when it
 *     sent no message); for {@link ChunkKind#MALFORMED} what is wrong with the payload, with its
 *     first characters; null otherwise
 * @param serverTimings numeric fields of vLLM's {@code metrics} object or llama.cpp's {@code
 *     timings} object, keyed by their original names (milliseconds for the {@code *_ms} fields);
 *     empty when the payload has neither; unmodifiable
 * @param toolCalls the pieces of tool calls the payload carries (of any kind: a chunk with content
 *     and a tool call is {@link ChunkKind#CONTENT}), in order; empty when none; unmodifiable
 */
public record Chunk(
    ChunkKind kind,
    String id,
    String text,
    Integer completionTokens,
    Integer promptTokens,
    String finishReason,
    String errorMessage,
    Map<String, Double> serverTimings,
    List<ToolCallDelta> toolCalls) {

  /** A chunk without tool calls. */
  public Chunk(
      ChunkKind kind,
      String id,
      String text,
      Integer completionTokens,
      Integer promptTokens,
      String finishReason,
      String errorMessage,
      Map<String, Double> serverTimings) {
    this(
        kind,
        id,
        text,
        completionTokens,
        promptTokens,
        finishReason,
        errorMessage,
        serverTimings,
        List.of());
  }

  public Chunk {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    serverTimings =
        serverTimings == null || serverTimings.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(serverTimings));
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
  }

  /**
   * Whether this chunk is output of any kind: {@link ChunkKind#CONTENT}, {@link
   * ChunkKind#REASONING} or {@link ChunkKind#TOOL_CALL}.
   */
  public boolean isToken() {
    return kind == ChunkKind.CONTENT || kind == ChunkKind.REASONING || kind == ChunkKind.TOOL_CALL;
  }

  /**
   * Whether this chunk carries output of {@code wanted} ({@link TtftKind#ANY}: {@link #isToken()}).
   *
   * <p>SKELETON (issue 25): by kind only until the grammars land (a content chunk that also carries
   * reasoning does not yet count as reasoning).
   */
  public boolean carries(TtftKind wanted) {
    return switch (wanted) {
      case ANY -> isToken();
      case CONTENT -> kind == ChunkKind.CONTENT;
      case REASONING -> kind == ChunkKind.REASONING;
      case TOOL_CALL -> kind == ChunkKind.TOOL_CALL || !toolCalls.isEmpty();
    };
  }

  static Chunk of(ChunkKind kind) {
    return new Chunk(kind, null, null, null, null, null, null, Map.of());
  }

  /**
   * A payload that is no chunk: kind {@link ChunkKind#MALFORMED}, its error message the problem and
   * the payload's first 120 characters.
   */
  public static Chunk malformed(String problem, String data) {
    String head = data.length() <= 120 ? data : data.substring(0, 120) + "...";
    return new Chunk(
        ChunkKind.MALFORMED, null, null, null, null, null, problem + ": " + head, Map.of());
  }
}
