package dev.ttftgap.stream;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One pass over a {@link StreamTimeline}'s events, in arrival order, collecting the raw instants
 * and counts {@link RequestMetrics} derives its figures from (its Javadoc defines them).
 */
final class TimelineScan {
  Long firstToken;
  Long firstContent;
  Long firstReasoning;
  Long firstToolCall;
  String finishReason;
  final Set<Integer> toolCallIndexes = new LinkedHashSet<>();
  Long done;
  long maxIdle;
  Integer usageCompletion;
  Integer usagePrompt;
  int tokens;
  int malformed;
  Chunk error;
  final List<Long> itl = new ArrayList<>();
  final StringBuilder text = new StringBuilder();
  final Set<String> ids = new LinkedHashSet<>();
  final Map<String, Double> timings = new LinkedHashMap<>();
  private Long previousToken;
  private Long previousMark;

  private TimelineScan(Long headers) {
    this.previousMark = headers;
  }

  /** Scans every event of {@code timeline}; the headers are the first mark of {@code maxIdle}. */
  static TimelineScan of(StreamTimeline timeline) {
    TimelineScan scan =
        new TimelineScan(
            timeline.headersEpochMillis().isPresent()
                ? timeline.headersEpochMillis().getAsLong()
                : null);
    for (StreamTimeline.Event event : timeline.events()) {
      scan.event(event.epochMillis(), event.chunk());
    }
    return scan;
  }

  private void event(long at, Chunk chunk) {
    if (previousMark != null) {
      maxIdle = Math.max(maxIdle, at - previousMark);
    }
    previousMark = at;
    if (chunk.isToken()) {
      token(at, chunk);
    }
    if (chunk.kind() == ChunkKind.DONE && done == null) {
      done = at;
    }
    if (chunk.kind() == ChunkKind.ERROR && error == null) {
      error = chunk;
    }
    if (chunk.kind() == ChunkKind.MALFORMED) {
      malformed++;
    }
    if (chunk.id() != null) {
      ids.add(chunk.id());
    }
    if (chunk.completionTokens() != null) {
      usageCompletion = chunk.completionTokens();
    }
    if (chunk.finishReason() != null) {
      finishReason = chunk.finishReason();
    }
    for (ToolCallDelta piece : chunk.toolCalls()) {
      toolCallIndexes.add(piece.index());
    }
    if (chunk.promptTokens() != null) {
      usagePrompt = chunk.promptTokens();
    }
    timings.putAll(chunk.serverTimings());
  }

  private void token(long at, Chunk chunk) {
    tokens++;
    if (chunk.text() != null) {
      text.append(chunk.text());
    }
    for (ToolCallDelta piece : chunk.toolCalls()) {
      if (piece.argumentsDelta() != null) {
        text.append(piece.argumentsDelta());
      }
    }
    if (firstToken == null) {
      firstToken = at;
    }
    if (previousToken != null) {
      itl.add(at - previousToken);
    }
    previousToken = at;
    if (firstContent == null && chunk.carries(TtftKind.CONTENT)) {
      firstContent = at;
    }
    if (firstReasoning == null && chunk.carries(TtftKind.REASONING)) {
      firstReasoning = at;
    }
    if (firstToolCall == null && chunk.carries(TtftKind.TOOL_CALL)) {
      firstToolCall = at;
    }
  }
}
