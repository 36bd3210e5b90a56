package dev.ttftgap.servermetrics;

import java.util.Map;
import java.util.TreeMap;

/**
 * The observations a Prometheus histogram gained between two scrapes: cumulative bucket counts by
 * upper bound (seconds), count and sum.
 *
 * <p>Quantiles are interpolated linearly inside the bucket that holds the rank, as Prometheus's
 * {@code histogram_quantile} does: with buckets ≤ 0.5 s: 10 and ≤ 1 s: 30 (20 more), the median
 * (rank 15) is 0.5 + (15 − 10) / 20 × 0.5 = 0.625 s. A rank in the {@code +Inf} bucket gives the
 * highest finite bound (a lower limit). So a quantile is only as fine as the buckets: stated as an
 * estimate wherever it is shown.
 *
 * @param cumulativeByBound Δ of each {@code le} bucket, cumulative, by bound ({@code +Inf}
 *     included)
 * @param count Δ of {@code _count}
 * @param sumSeconds Δ of {@code _sum}
 */
public record HistogramDelta(
    Map<Double, Double> cumulativeByBound, double count, double sumSeconds) {
  public HistogramDelta {
    cumulativeByBound = java.util.Collections.unmodifiableMap(new TreeMap<>(cumulativeByBound));
  }

  /** Mean observation, ms; null without observations. */
  public Double meanMillis() {
    return count > 0 ? 1000 * sumSeconds / count : null;
  }

  /** The {@code q} quantile (0..1), ms, interpolated in its bucket; null without observations. */
  public Double quantileMillis(double q) {
    if (count <= 0 || cumulativeByBound.isEmpty()) {
      return null;
    }
    double rank = q * count;
    double lowerBound = 0;
    double lowerCount = 0;
    double highestFinite = 0;
    for (Map.Entry<Double, Double> bucket : cumulativeByBound.entrySet()) {
      double bound = bucket.getKey();
      double cumulative = bucket.getValue();
      if (Double.isInfinite(bound)) {
        return 1000 * highestFinite;
      }
      highestFinite = bound;
      if (cumulative >= rank && cumulative > lowerCount) {
        double start = Math.min(lowerBound, bound);
        return 1000 * (start + (bound - start) * (rank - lowerCount) / (cumulative - lowerCount));
      }
      lowerBound = bound;
      lowerCount = cumulative;
    }
    return 1000 * highestFinite;
  }
}
