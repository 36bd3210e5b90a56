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
 */
public record Knee(
    Integer step,
    Double rate,
    Integer baselineStep,
    Double baselineGapP50Millis,
    Double bandUpperMillis,
    Integer concurrency) {

  public boolean found() {
    return step != null;
  }
}
