package dev.ttftgap.analysis;

import java.util.Collection;
import java.util.Optional;

/**
 * Percentiles of a small sample by linear interpolation between closest ranks (the default of numpy
 * and R's type 7): the p-th percentile of n sorted values sits at rank {@code p/100 × (n − 1)}.
 * Worked example: of {@code [140, 150, 160, 900]} ms, p50 is at rank 1.5 → 155 ms, p95 at rank 2.85
 * → 160 + 0.85 × 740 = 789 ms. An empty sample has no percentile (empty Optional).
 *
 * <p>The project's one median: the middle value of an odd count, the mean of the middle two of an
 * even count (7.81, 7.99, 7.87 → 7.87; 1, 2, 3, 4 → 2.5), for the detectors as for the experiment
 * tables.
 */
public final class Percentiles {
  private Percentiles() {}

  /**
   * @param percentile 0 to 100
   */
  public static Optional<Double> of(Collection<? extends Number> values, double percentile) {
    if (percentile < 0 || percentile > 100) {
      throw new IllegalArgumentException("percentile must be within 0..100, was " + percentile);
    }
    if (values.isEmpty()) {
      return Optional.empty();
    }
    double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
    // multiply first: 95 × 3 / 100 is 2.85, 0.95 × 3 is 2.8499999999999996
    double rank = percentile * (sorted.length - 1) / 100.0;
    int lower = (int) Math.floor(rank);
    int upper = (int) Math.ceil(rank);
    double value = sorted[lower] + (rank - lower) * (sorted[upper] - sorted[lower]);
    // drop binary noise below a nanosecond so that worked examples round as written
    return Optional.of(Math.round(value * 1e6) / 1e6);
  }

  /** The 50th percentile; empty for no values. */
  public static Optional<Double> median(Collection<? extends Number> values) {
    return of(values, 50);
  }
}
