package dev.ttftgap.analysis;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the capacity analysis is asked: the SLO a step must meet, the peak rate to plan replicas
 * for, a previous report to compare with, and the engine's analytic saturation rate when known.
 *
 * <p>A limit of {@link #NO_LIMIT} (+∞) means the SLO does not constrain that metric: a run applies
 * only the limits its profile gives ({@link #NO_LIMIT} for the others), so a profile without an
 * {@code slo} has no SLO at all. The defaults below serve tests and {@link #defaults()} only.
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

  /** A latency limit that never binds: the SLO says nothing about that metric. */
  public static final double NO_LIMIT = Double.POSITIVE_INFINITY;

  public static final double DEFAULT_SLO_TTFT_P95_MILLIS = 2000;
  public static final double DEFAULT_SLO_GAP_P95_MILLIS = 1000;
  public static final double DEFAULT_SLO_ERROR_RATE_PERCENT = 1;

  public CapacityOptions {
    requirePositive(sloTtftP95Millis, "sloTtftP95Millis");
    requirePositive(sloGapP95Millis, "sloGapP95Millis");
    if (!(sloErrorRatePercent >= 0 && sloErrorRatePercent <= 100)
        && sloErrorRatePercent != NO_LIMIT) {
      throw new IllegalArgumentException(
          "sloErrorRatePercent must be within 0..100, got " + sloErrorRatePercent);
    }
    peakRate = peakRate == null ? Optional.empty() : peakRate;
    peakRate.ifPresent(rate -> requirePositiveFinite(rate, "peakRate"));
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

  /** No SLO (every limit {@link #NO_LIMIT}), no peak, no baseline, no known saturation rate. */
  public static CapacityOptions none() {
    return new CapacityOptions(NO_LIMIT, NO_LIMIT, NO_LIMIT, null, null, null);
  }

  /** True when at least one limit binds (a profile without {@code slo} gives none). */
  public boolean hasSlo() {
    return Double.isFinite(sloTtftP95Millis)
        || Double.isFinite(sloGapP95Millis)
        || Double.isFinite(sloErrorRatePercent);
  }

  /**
   * These options with the SLO replaced by the given limits, {@link #NO_LIMIT} where a limit is
   * empty.
   */
  public CapacityOptions withSlo(
      Optional<Double> ttftP95Millis,
      Optional<Double> gapP95Millis,
      Optional<Double> errorPercent) {
    return of(ttftP95Millis, gapP95Millis, errorPercent, peakRate, baseline, knownSaturationRate);
  }

  /** Options with only the SLO limits given ({@link #NO_LIMIT} for an empty one). */
  public static CapacityOptions of(
      Optional<Double> ttftP95Millis,
      Optional<Double> gapP95Millis,
      Optional<Double> errorPercent,
      Optional<Double> peakRate,
      Optional<Path> baseline,
      Optional<Double> knownSaturationRate) {
    return new CapacityOptions(
        ttftP95Millis.orElse(NO_LIMIT),
        gapP95Millis.orElse(NO_LIMIT),
        errorPercent.orElse(NO_LIMIT),
        peakRate,
        baseline,
        knownSaturationRate);
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

  private static void requirePositiveFinite(double value, String name) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a positive number, got " + value);
    }
  }

  private static void requirePositive(double value, String name) {
    if (!(value > 0)) {
      throw new IllegalArgumentException(name + " must be a positive number, got " + value);
    }
  }
}
