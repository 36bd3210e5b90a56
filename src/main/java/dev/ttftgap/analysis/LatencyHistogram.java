package dev.ttftgap.analysis;

import org.HdrHistogram.Histogram;

/**
 * Records latencies in milliseconds into an HdrHistogram at microsecond resolution.
 *
 * <p>Histograms of several files add exactly ({@link #add}), which is what makes merging records
 * files equal to analysing their concatenation. Negative values (a clock step) are not recorded.
 */
final class LatencyHistogram {
  private static final double MICROS_PER_MILLI = 1000.0;

  private final Histogram histogram = new Histogram(3);
  // a long sum of whole microseconds is exact, so the mean does not depend on recording order
  private long sumMicros;

  void recordMillis(double millis) {
    if (millis < 0 || Double.isNaN(millis)) {
      return;
    }
    long micros = Math.round(millis * MICROS_PER_MILLI);
    histogram.recordValue(micros);
    sumMicros += micros;
  }

  void add(LatencyHistogram other) {
    histogram.add(other.histogram);
    sumMicros += other.sumMicros;
  }

  long count() {
    return histogram.getTotalCount();
  }

  /** Value at {@code percentile} (0..100), ms; NaN when empty. */
  double percentileMillis(double percentile) {
    if (count() == 0) {
      return Double.NaN;
    }
    return histogram.getValueAtPercentile(percentile) / MICROS_PER_MILLI;
  }

  /** The summary, or null ("undefined") when nothing was recorded. */
  LatencySummary summary() {
    if (count() == 0) {
      return null;
    }
    return new LatencySummary(
        count(),
        sumMicros / MICROS_PER_MILLI / count(),
        percentileMillis(50),
        percentileMillis(90),
        percentileMillis(95),
        percentileMillis(99),
        histogram.getMaxValue() / MICROS_PER_MILLI);
  }

  /**
   * {@code n} evenly spaced quantiles (midpoints of n equal-probability bins), ms: a compact
   * stand-in for the distribution, used to add a queueing delay to the low-load gap.
   */
  double[] quantilesMillis(int n) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = percentileMillis(100.0 * (i + 0.5) / n);
    }
    return values;
  }
}
