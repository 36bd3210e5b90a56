package dev.ttftgap.analysis;

/**
 * Where the gap leaves its low-load band (see {@link KneeDetector}).
 *
 * @param step the knee step; null when the gap stayed in its band (or no baseline)
 * @param rate the knee step's rate, requests/s (in a closed run its measured arrival rate); null
 *     with {@code step}
 * @param baselineStep the step the low-load band was taken from; null when no step had enough
 *     samples
 * @param baselineGapP50Millis low-load median gap, ms; null with {@code baselineStep}
 * @param bandUpperMillis upper edge of the low-load band of the gap's median, ms; null with {@code
 *     baselineStep}
 * @param concurrency the knee step's concurrency, streams (closed model); null with {@code step}
 *     and in an open run
 * @param rateLow the load of the step before the knee step, requests/s (concurrency in a closed
 *     run): the knee lies in (rateLow, rate]; null with {@code step}
 * @param p95Step the first step where the p95 gap leaves its own low-load band for good; null when
 *     it never does
 * @param p95Rate that step's rate (concurrency in a closed run); null with {@code p95Step}
 * @param baselineGapP95Millis low-load p95 gap, ms; null with {@code baselineStep}
 * @param p95BandUpperMillis upper edge of the p95 gap's low-load band, ms; null with {@code
 *     baselineStep}
 * @param firstMoved which moved first: {@code "p95"} (the tail queues before the median: bursts),
 *     {@code "p50"}, {@code "together"}; null when neither moved
 */
public record Knee(
    Integer step,
    Double rate,
    Integer baselineStep,
    Double baselineGapP50Millis,
    Double bandUpperMillis,
    Integer concurrency,
    Double rateLow,
    Integer p95Step,
    Double p95Rate,
    Double baselineGapP95Millis,
    Double p95BandUpperMillis,
    String firstMoved) {

  /** True when there was a low-load baseline to judge against. */
  public boolean determined() {
    return baselineStep != null;
  }

  public boolean found() {
    return step != null;
  }
}
