package dev.ttftgap.analysis;

/**
 * Distribution of one latency over one step's successful requests, milliseconds.
 *
 * <p>Percentiles come from an HdrHistogram recording microseconds with 3 significant digits, so
 * each is exact to 0.1 %: a p95 of 812.4 ms is within ±0.8 ms of the sample's. Only built when at
 * least one value was recorded; an absent summary means "undefined".
 *
 * @param count number of values (for ITL: number of intervals, not requests)
 * @param meanMillis arithmetic mean
 * @param p50Millis median
 * @param p90Millis 90th percentile
 * @param p95Millis 95th percentile
 * @param p99Millis 99th percentile
 * @param maxMillis largest value
 */
public record LatencySummary(
    long count,
    double meanMillis,
    double p50Millis,
    double p90Millis,
    double p95Millis,
    double p99Millis,
    double maxMillis) {

  /** The percentile {@code p} (50, 90, 95 or 99) of this summary. */
  public double percentileMillis(int p) {
    return switch (p) {
      case 50 -> p50Millis;
      case 90 -> p90Millis;
      case 95 -> p95Millis;
      case 99 -> p99Millis;
      default -> throw new IllegalArgumentException("percentile must be 50, 90, 95 or 99: " + p);
    };
  }
}
