package dev.ttftgap.breaker;

import dev.ttftgap.analysis.Percentiles;
import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * How long {@link SaturationStop} lets the requests in flight finish: max({@value
 * SaturationStop#MIN_DRAIN_MILLIS} ms, 2 × the median e2e of the first step's successful requests,
 * else the warm-up's), at most the stream timeout. Not thread-safe: the stop calls it under its own
 * lock.
 */
final class DrainBound {
  private final int firstStep;
  private final long streamTimeoutMillis;
  private final List<Long> lowLoadE2e = new ArrayList<>();
  private final List<Long> warmupE2e = new ArrayList<>();

  DrainBound(int firstStep, long streamTimeoutMillis) {
    this.firstStep = firstStep;
    this.streamTimeoutMillis = streamTimeoutMillis;
  }

  /** A request of any step succeeded with {@code record}. */
  void succeeded(RequestRecord record) {
    if (record.timings().e2eMillis() != null) {
      if (record.level().step() == firstStep) {
        lowLoadE2e.add(record.timings().e2eMillis());
      } else if (record.level().step() < firstStep) {
        warmupE2e.add(record.timings().e2eMillis());
      }
    }
  }

  /** The bound, ms. */
  long millis() {
    List<Long> low = lowLoadE2e.isEmpty() ? warmupE2e : lowLoadE2e;
    long twice = low.isEmpty() ? 0 : Math.round(2 * Percentiles.median(low).orElseThrow());
    return Math.min(
        Math.max(SaturationStop.MIN_DRAIN_MILLIS, twice), Math.max(streamTimeoutMillis, 1));
  }
}
