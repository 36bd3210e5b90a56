package dev.ttftgap.profile;

import dev.ttftgap.validation.NonNull;
import java.nio.file.Path;
import java.util.List;

/**
 * Replay of an arrival trace ({@code load.trace}): timestamps from a file (e.g. production logs),
 * replayed at {@code speedup}, one request per timestamp.
 *
 * @param file where the timestamps were read from
 * @param speedup how much faster than recorded: 2 replays an hour in 30 min
 * @param windowSeconds the run's steps for the analysis: consecutive windows of this length (of
 *     replay time), each a step whose level is the rate the trace offered in it
 * @param offsetsMillis every arrival's offset from the first one, ms of replay time (after the
 *     speed-up), ascending
 */
public record Trace(Path file, double speedup, int windowSeconds, List<Long> offsetsMillis) {
  public Trace {
    NonNull.check("file offsetsMillis", file, offsetsMillis);
    offsetsMillis = List.copyOf(offsetsMillis);
  }
}
