package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.StreamTimeline;
import dev.ttftgap.stream.ToolCallDelta;
import dev.ttftgap.stream.TtftKind;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What kind of answer a stream gave, read from its timeline (the instants the record counts with):
 * when the first output of each {@link TtftKind} came, how many tool calls it made and why the
 * server said it ended.
 *
 * <p>Why here and not in {@code stream.RequestMetrics}: the record needs the first output of the
 * run's own kind and the finish reason, which {@code RequestMetrics} does not give yet (issue 25's
 * grammars add {@code ttftMillis(TtftKind)} and {@code finishReason()} on another branch). The
 * definitions are the same: the first event {@link Chunk#carries} the kind; the tool calls are the
 * distinct call indexes of every piece; the finish reason is the last one any chunk gave. Once
 * {@code RequestMetrics} has them, {@link RecordAssembler} should read them there and this class
 * goes.
 */
final class TurnFigures {
  private final long send;
  private final Map<TtftKind, Long> first = new EnumMap<>(TtftKind.class);
  private final Set<Integer> callIndexes = new HashSet<>();
  private String finishReason;

  private TurnFigures(long send) {
    this.send = send;
  }

  /** The figures of every event of {@code timeline}, in its order. */
  static TurnFigures of(StreamTimeline timeline) {
    TurnFigures figures = new TurnFigures(timeline.sendEpochMillis());
    for (StreamTimeline.Event event : timeline.events()) {
      figures.event(event.epochMillis(), event.chunk());
    }
    return figures;
  }

  private void event(long at, Chunk chunk) {
    for (TtftKind kind : TtftKind.values()) {
      if (chunk.carries(kind)) {
        first.putIfAbsent(kind, at);
      }
    }
    for (ToolCallDelta call : chunk.toolCalls()) {
      callIndexes.add(call.index());
    }
    if (chunk.finishReason() != null) {
      finishReason = chunk.finishReason();
    }
  }

  /** Send → the first event carrying output of {@code kind}; empty when none did. */
  OptionalLong firstMillis(TtftKind kind) {
    Long at = first.get(kind);
    return at == null ? OptionalLong.empty() : OptionalLong.of(at - send);
  }

  /** Number of tool calls the answer made (distinct call indexes); 0 when none. */
  int toolCalls() {
    return callIndexes.size();
  }

  /** The last finish reason a chunk gave ({@code stop}, {@code tool_calls}…); null when none. */
  String finishReason() {
    return finishReason;
  }
}
