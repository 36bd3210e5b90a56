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
 * @param reasoning the reasoning part of {@link #text}: all of it for {@link ChunkKind#REASONING},
 *     its leading reasoning for a {@link ChunkKind#CONTENT} chunk that carried both (so that {@link
 *     #carries} is exact for either kind), else null
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
    List<ToolCallDelta> toolCalls,
    String reasoning) {

  /**
   * A chunk without tool calls, whose reasoning is its whole text when it is {@link
   * ChunkKind#REASONING}: what most grammars build, so they need not spell out the last two.
   */
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
        List.of(),
        kind == ChunkKind.REASONING ? text : null);
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
    reasoning = reasoning == null || reasoning.isEmpty() ? null : reasoning;
  }

  /** This chunk with {@code id} instead of its own (a log keeping one copy of a repeated id). */
  public Chunk withId(String id) {
    return new Chunk(
        kind,
        id,
        text,
        completionTokens,
        promptTokens,
        finishReason,
        errorMessage,
        serverTimings,
        toolCalls,
        reasoning);
  }

  /**
   * The visible answer text of a {@link ChunkKind#CONTENT} chunk: its text without the leading
   * reasoning; null for other kinds.
   */
  public String contentText() {
    if (kind != ChunkKind.CONTENT || text == null) {
      return null;
    }
    return reasoning != null && text.startsWith(reasoning)
        ? text.substring(reasoning.length())
        : text;
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
   * Exact, not by kind alone: a content chunk that also carried reasoning carries both, and a chunk
   * of any kind with a tool-call piece carries a tool call.
   */
  public boolean carries(TtftKind wanted) {
    return switch (wanted) {
      case ANY -> isToken();
      case CONTENT -> kind == ChunkKind.CONTENT;
      case REASONING ->
          kind == ChunkKind.REASONING || (kind == ChunkKind.CONTENT && reasoning != null);
      case TOOL_CALL -> kind == ChunkKind.TOOL_CALL || !toolCalls.isEmpty();
    };
  }

  static Chunk of(ChunkKind kind) {
    return new Chunk(kind, null, null, null, null, null, null, Map.of());
  }

  /** A chunk of {@code kind} with {@code text} only; {@link ChunkKind#EMPTY} when text is null. */
  static Chunk ofText(ChunkKind kind, String text) {
    return text == null
        ? of(ChunkKind.EMPTY)
        : new Chunk(kind, null, text, null, null, null, null, Map.of());
  }

  /** A {@link ChunkKind#TOOL_CALL} chunk of one piece. */
  static Chunk ofToolCall(ToolCallDelta piece) {
    return new Chunk(
        ChunkKind.TOOL_CALL, null, null, null, null, null, null, Map.of(), List.of(piece), null);
  }

  /** An {@link ChunkKind#ERROR} chunk with {@code message}. */
  static Chunk ofError(String id, String message) {
    return new Chunk(ChunkKind.ERROR, id, null, null, null, null, message, Map.of());
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
