package dev.ttftgap.stream;

import java.util.List;
import java.util.Map;

/**
 * What one pass of {@link ChunkClassifier} over a {@code data:} payload found, and the chunk it
 * makes of it.
 */
final class PayloadFields {
  String id;
  boolean objectError;
  String topMessage;
  boolean error;
  String errorMessage;
  boolean choicesArray;
  int choices;
  boolean role;
  String content;
  String reasoning;
  String finishReason;
  boolean usage;
  Integer completionTokens;
  Integer promptTokens;
  Map<String, Double> timings;
  List<ToolCallDelta> toolCalls;

  /** The chunk of what was found in the payload {@code payload[from, to)}. */
  Chunk toChunk(String payload, int from, int to) {
    ChunkKind kind;
    String text = null;
    String message = null;
    if (error || objectError) {
      kind = ChunkKind.ERROR;
      // vLLM's {"object":"error","message":""} has a message that says nothing
      message = errorMessage == null || errorMessage.isBlank() ? topMessage : errorMessage;
      if (message == null || message.isBlank()) {
        message = "error without a message";
      }
    } else if (content != null) {
      kind = ChunkKind.CONTENT;
      text = reasoning == null ? content : reasoning + content;
    } else if (reasoning != null) {
      kind = ChunkKind.REASONING;
      text = reasoning;
    } else if (toolCalls != null) {
      kind = ChunkKind.TOOL_CALL;
    } else if (choices > 0) {
      kind = role ? ChunkKind.ROLE_ONLY : ChunkKind.EMPTY;
    } else if (choicesArray || usage) {
      kind = ChunkKind.USAGE;
    } else {
      return Chunk.malformed("no \"choices\", \"usage\" or \"error\"", payload.substring(from, to));
    }
    return new Chunk(
        kind,
        id,
        text,
        completionTokens,
        promptTokens,
        finishReason,
        message,
        timings,
        toolCalls,
        kind == ChunkKind.ERROR ? null : reasoning);
  }
}
