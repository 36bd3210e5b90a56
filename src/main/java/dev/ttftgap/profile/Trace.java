package dev.ttftgap.profile;

import dev.ttftgap.validation.NonNull;
import java.nio.file.Path;
import java.util.ArrayList;
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
 *     <p>Windows: window {@code k} covers {@code [k × windowSeconds, (k + 1) × windowSeconds)} s of
 *     the replay, the last one ending at {@link #lengthMillis()}, the whole second after the last
 *     arrival (so it may be shorter, never shorter than 1 s, and holds the last arrival).
 */
public record Trace(Path file, double speedup, int windowSeconds, List<Long> offsetsMillis) {
  public Trace {
    NonNull.check("file offsetsMillis", file, offsetsMillis);
    offsetsMillis = List.copyOf(offsetsMillis);
    if (offsetsMillis.isEmpty()) {
      throw new IllegalArgumentException("a trace needs arrivals");
    }
    if (!(speedup > 0) || windowSeconds < 1) {
      throw new IllegalArgumentException("speedup > 0 and windowSeconds ≥ 1");
    }
  }

  /** The replay's length, ms: the whole second after the last arrival. */
  public long lengthMillis() {
    return (offsetsMillis.get(offsetsMillis.size() - 1) / 1000 + 1) * 1000;
  }

  /** How many windows (steps) the replay makes. */
  public int windowCount() {
    long window = windowSeconds * 1000L;
    return (int) ((lengthMillis() + window - 1) / window);
  }

  /** Start of window {@code k} (0-based), ms from the first arrival. */
  public long windowStartMillis(int k) {
    return k * windowSeconds * 1000L;
  }

  /** End of window {@code k} (0-based, exclusive), ms from the first arrival. */
  public long windowEndMillis(int k) {
    return Math.min((k + 1) * windowSeconds * 1000L, lengthMillis());
  }

  /**
   * The rate offered in each window, requests/s: its arrivals over its own length, to 0.001 req/s
   * (so step labels stay short: 14 arrivals in 15 s are {@code 0.933 rps}).
   */
  public List<Double> windowRates() {
    int windows = windowCount();
    long[] counts = new long[windows];
    for (long offset : offsetsMillis) {
      counts[(int) Math.min(windows - 1, offset / (windowSeconds * 1000L))]++;
    }
    List<Double> rates = new ArrayList<>(windows);
    for (int k = 0; k < windows; k++) {
      double rate = counts[k] * 1000.0 / (windowEndMillis(k) - windowStartMillis(k));
      rates.add(Math.round(rate * 1000) / 1000.0);
    }
    return rates;
  }
}
