package dev.ttftgap.analysis;

import dev.ttftgap.stream.TtftKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the capacity analysis is asked: the SLO a step must meet, the peak rate to plan replicas
 * for, a previous report to compare with, and the engine's analytic saturation rate when known.
 *
 * <p>A run applies only the limits its profile gives, so a profile without an {@code slo} has no
 * SLO at all ({@link Slo#NONE}). The defaults below serve tests and {@link #defaults()} only.
 *
 * @param slo the limits a step must meet (default: p95 TTFT {@value #DEFAULT_SLO_TTFT_P95_MILLIS}
 *     ms, p95 gap {@value #DEFAULT_SLO_GAP_P95_MILLIS} ms, errors {@value
 *     #DEFAULT_SLO_ERROR_RATE_PERCENT} %)
 * @param peakRate expected peak arrival rate, requests/s, to size replicas for; empty: no sizing
 * @param baseline a previous {@code capacity.json} to compare with; empty: no comparison
 * @param knownSaturationRate the engine's analytic saturation rate, requests/s, shown beside the
 *     measured one when known
 * @param ttftKind which first output the run's TTFT is (the profile's {@code request.ttftFrom}):
 *     {@link TtftKind#ANY} (default) or one kind, which the report then names beside every TTFT
 * @param classes the run's request classes with their own SLOs (the profile's {@code classes});
 *     empty for a run of one request shape
 * @param burst the launch spike the run offered (the profile's {@code load.burst}); empty otherwise
 */
public record CapacityOptions(
    Slo slo,
    Optional<Double> peakRate,
    Optional<Path> baseline,
    Optional<Double> knownSaturationRate,
    TtftKind ttftKind,
    List<ClassSpec> classes,
    Optional<BurstPlan> burst) {

  public static final double DEFAULT_SLO_TTFT_P95_MILLIS = 2000;
  public static final double DEFAULT_SLO_GAP_P95_MILLIS = 1000;
  public static final double DEFAULT_SLO_ERROR_RATE_PERCENT = 1;

  /** Options whose TTFT is the first output of any kind ({@link TtftKind#ANY}). */
  public CapacityOptions(
      Slo slo,
      Optional<Double> peakRate,
      Optional<Path> baseline,
      Optional<Double> knownSaturationRate) {
    this(slo, peakRate, baseline, knownSaturationRate, TtftKind.ANY);
  }

  /** Options of a run without request classes and without a burst. */
  public CapacityOptions(
      Slo slo,
      Optional<Double> peakRate,
      Optional<Path> baseline,
      Optional<Double> knownSaturationRate,
      TtftKind ttftKind) {
    this(slo, peakRate, baseline, knownSaturationRate, ttftKind, List.of(), Optional.empty());
  }

  public CapacityOptions {
    Objects.requireNonNull(slo, "slo");
    ttftKind = ttftKind == null ? TtftKind.ANY : ttftKind;
    peakRate = peakRate == null ? Optional.empty() : peakRate;
    peakRate.ifPresent(rate -> requirePositiveFinite(rate, "peakRate"));
    baseline = baseline == null ? Optional.empty() : baseline;
    knownSaturationRate = knownSaturationRate == null ? Optional.empty() : knownSaturationRate;
    classes = classes == null ? List.of() : List.copyOf(classes);
    burst = burst == null ? Optional.empty() : burst;
  }

  /** The default SLO (p95 TTFT ≤ 2 s, p95 gap ≤ 1 s, errors ≤ 1 %), no peak, no baseline. */
  public static CapacityOptions defaults() {
    return new CapacityOptions(
        Slo.of(
            DEFAULT_SLO_TTFT_P95_MILLIS,
            DEFAULT_SLO_GAP_P95_MILLIS,
            DEFAULT_SLO_ERROR_RATE_PERCENT),
        null,
        null,
        null);
  }

  /** No SLO, no peak, no baseline, no known saturation rate. */
  public static CapacityOptions none() {
    return new CapacityOptions(Slo.NONE, null, null, null);
  }

  /** True when at least one limit binds (a profile without {@code slo} gives none). */
  public boolean hasSlo() {
    return slo.hasLimit();
  }

  /** These options with the SLO replaced. */
  public CapacityOptions withSlo(Slo replacement) {
    return new CapacityOptions(
        replacement, peakRate, baseline, knownSaturationRate, ttftKind, classes, burst);
  }

  public CapacityOptions withPeakRate(double rate) {
    return new CapacityOptions(
        slo, Optional.of(rate), baseline, knownSaturationRate, ttftKind, classes, burst);
  }

  public CapacityOptions withBaseline(Path path) {
    return new CapacityOptions(
        slo, peakRate, Optional.of(path), knownSaturationRate, ttftKind, classes, burst);
  }

  public CapacityOptions withKnownSaturationRate(double rate) {
    return new CapacityOptions(
        slo, peakRate, baseline, Optional.of(rate), ttftKind, classes, burst);
  }

  /** These options with the run's TTFT kind ({@code request.ttftFrom}; null: any). */
  public CapacityOptions withTtftKind(TtftKind kind) {
    return new CapacityOptions(slo, peakRate, baseline, knownSaturationRate, kind, classes, burst);
  }

  /** These options with the run's request classes (empty: none). */
  public CapacityOptions withClasses(List<ClassSpec> runClasses) {
    return new CapacityOptions(
        slo, peakRate, baseline, knownSaturationRate, ttftKind, runClasses, burst);
  }

  /** These options with the run's launch spike. */
  public CapacityOptions withBurst(BurstPlan plan) {
    return new CapacityOptions(
        slo, peakRate, baseline, knownSaturationRate, ttftKind, classes, Optional.of(plan));
  }

  private static void requirePositiveFinite(double value, String name) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a positive number, got " + value);
    }
  }
}
