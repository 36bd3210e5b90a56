package dev.ttftgap.analysis;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the capacity analysis is asked: the SLO a step must meet, the peak rate to plan replicas
 * for, a previous report to compare with, and the engine's analytic saturation rate when known.
 *
 * @param sloTtftP95Millis limit on a step's p95 TTFT, ms (default {@value
 *     #DEFAULT_SLO_TTFT_P95_MILLIS})
 * @param sloGapP95Millis limit on a step's p95 gap (TTFT − TTFB), ms (default {@value
 *     #DEFAULT_SLO_GAP_P95_MILLIS})
 * @param sloErrorRatePercent limit on a step's failed requests, percent of its requests (default
 *     {@value #DEFAULT_SLO_ERROR_RATE_PERCENT})
 * @param peakRate expected peak arrival rate, requests/s, to size replicas for; empty: no sizing
 * @param baseline a previous {@code capacity.json} to compare with; empty: no comparison
 * @param knownSaturationRate the engine's analytic saturation rate, requests/s, shown beside the
 *     measured one when known
 */
public record CapacityOptions(
    double sloTtftP95Millis,
    double sloGapP95Millis,
    double sloErrorRatePercent,
    Optional<Double> peakRate,
    Optional<Path> baseline,
    Optional<Double> knownSaturationRate) {

  public static final double DEFAULT_SLO_TTFT_P95_MILLIS = 2000;
  public static final double DEFAULT_SLO_GAP_P95_MILLIS = 1000;
  public static final double DEFAULT_SLO_ERROR_RATE_PERCENT = 1;

  public CapacityOptions {
    requirePositive(sloTtftP95Millis, "sloTtftP95Millis");
    requirePositive(sloGapP95Millis, "sloGapP95Millis");
    if (!(sloErrorRatePercent >= 0 && sloErrorRatePercent <= 100)) {
      throw new IllegalArgumentException(
          "sloErrorRatePercent must be within 0..100, got " + sloErrorRatePercent);
    }
    peakRate = peakRate == null ? Optional.empty() : peakRate;
    peakRate.ifPresent(rate -> requirePositive(rate, "peakRate"));
    baseline = baseline == null ? Optional.empty() : baseline;
    knownSaturationRate = knownSaturationRate == null ? Optional.empty() : knownSaturationRate;
  }

  /** The default SLO (p95 TTFT ≤ 2 s, p95 gap ≤ 1 s, errors ≤ 1 %), no peak, no baseline. */
  public static CapacityOptions defaults() {
    return new CapacityOptions(
        DEFAULT_SLO_TTFT_P95_MILLIS,
        DEFAULT_SLO_GAP_P95_MILLIS,
        DEFAULT_SLO_ERROR_RATE_PERCENT,
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  public CapacityOptions withPeakRate(double rate) {
    return new CapacityOptions(
        sloTtftP95Millis,
        sloGapP95Millis,
        sloErrorRatePercent,
        Optional.of(rate),
        baseline,
        knownSaturationRate);
  }

  public CapacityOptions withBaseline(Path path) {
    return new CapacityOptions(
        sloTtftP95Millis,
        sloGapP95Millis,
        sloErrorRatePercent,
        peakRate,
        Optional.of(path),
        knownSaturationRate);
  }

  public CapacityOptions withKnownSaturationRate(double rate) {
    return new CapacityOptions(
        sloTtftP95Millis,
        sloGapP95Millis,
        sloErrorRatePercent,
        peakRate,
        baseline,
        Optional.of(rate));
  }

  private static void requirePositive(double value, String name) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a positive number, got " + value);
    }
  }
}
