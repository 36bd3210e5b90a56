package dev.ttftgap.analysis;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Whole-millisecond values (a step's ITLs: tens of millions in an hour at 1,000 streams) kept as a
 * count per distinct value, with the same exact, interpolated percentiles as {@link Percentiles}
 * gives over the values one by one: a list of boxed values would need ~20 bytes each, this a few
 * hundred entries in all.
 *
 * <pre>
 * WholeMillisCounts itl = new WholeMillisCounts();
 * itl.add(10); itl.add(12); itl.add(30);
 * itl.median(); // Optional[12.0], as Percentiles.median(List.of(10, 12, 30))
 * </pre>
 */
final class WholeMillisCounts {
  private final TreeMap<Long, long[]> counts = new TreeMap<>();
  private long size;

  void add(long millis) {
    counts.computeIfAbsent(millis, m -> new long[1])[0]++;
    size++;
  }

  long size() {
    return size;
  }

  Optional<Double> median() {
    return percentile(50);
  }

  /** As {@link Percentiles#of}: linear interpolation between the two values around the rank. */
  Optional<Double> percentile(double percentile) {
    if (percentile < 0 || percentile > 100) {
      throw new IllegalArgumentException("percentile must be within 0..100, was " + percentile);
    }
    if (size == 0) {
      return Optional.empty();
    }
    double rank = percentile * (size - 1) / 100.0;
    long lower = (long) Math.floor(rank);
    long upper = (long) Math.ceil(rank);
    double low = valueAt(lower);
    double value = low + (rank - lower) * (valueAt(upper) - low);
    return Optional.of(Math.round(value * 1e6) / 1e6);
  }

  /** The value at 0-based position {@code index} of the values sorted. */
  private double valueAt(long index) {
    long seen = 0;
    for (Map.Entry<Long, long[]> entry : counts.entrySet()) {
      seen += entry.getValue()[0];
      if (index < seen) {
        return entry.getKey();
      }
    }
    throw new IllegalStateException("index " + index + " of " + size + " values");
  }
}
