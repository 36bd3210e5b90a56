package dev.ttftgap.analysis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

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

  /** System property for the peak rate, requests/s; environment {@code CAPACITY_PEAK_RATE}. */
  public static final String PEAK_RATE_PROPERTY = "capacity.peakRate";

  /** System property for a previous capacity.json; environment {@code CAPACITY_BASELINE}. */
  public static final String BASELINE_PROPERTY = "baseline";

  /** System property for the p95 TTFT limit, ms; environment {@code CAPACITY_SLO_TTFT_P95_MS}. */
  public static final String SLO_TTFT_PROPERTY = "capacity.sloTtftP95Ms";

  /** System property for the p95 gap limit, ms; environment {@code CAPACITY_SLO_GAP_P95_MS}. */
  public static final String SLO_GAP_PROPERTY = "capacity.sloGapP95Ms";

  /** System property for the error limit, percent; environment {@code CAPACITY_SLO_ERROR_PCT}. */
  public static final String SLO_ERROR_PROPERTY = "capacity.sloErrorPct";

  /**
   * Options from system properties, each falling back to its environment variable ({@code
   * capacity.peakRate} → {@code CAPACITY_PEAK_RATE}, {@code baseline} → {@code CAPACITY_BASELINE},
   * ...), then to the default.
   */
  public static CapacityOptions fromSystemProperties() {
    return fromSettings(
        name -> {
          String value = System.getProperty(name);
          return value != null ? value : System.getenv(environmentName(name));
        });
  }

  /**
   * Options from named settings ({@code lookup} returns null for an unset one).
   *
   * @throws IllegalArgumentException naming the setting when a value is not a number, out of range,
   *     or a baseline file that does not exist
   */
  public static CapacityOptions fromSettings(Function<String, String> lookup) {
    Optional<Path> baseline =
        Optional.ofNullable(blankToNull(lookup.apply(BASELINE_PROPERTY))).map(Path::of);
    baseline.ifPresent(
        path -> {
          if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(
                BASELINE_PROPERTY + ": " + path + " does not exist; pass a previous capacity.json");
          }
        });
    try {
      return new CapacityOptions(
          number(lookup, SLO_TTFT_PROPERTY).orElse(DEFAULT_SLO_TTFT_P95_MILLIS),
          number(lookup, SLO_GAP_PROPERTY).orElse(DEFAULT_SLO_GAP_P95_MILLIS),
          number(lookup, SLO_ERROR_PROPERTY).orElse(DEFAULT_SLO_ERROR_RATE_PERCENT),
          number(lookup, PEAK_RATE_PROPERTY),
          baseline,
          Optional.empty());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("capacity settings: " + e.getMessage(), e);
    }
  }

  /** {@code capacity.peakRate} → {@code CAPACITY_PEAK_RATE}. */
  static String environmentName(String property) {
    String name = property.startsWith("capacity.") ? property : "capacity." + property;
    return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replace('.', '_').toUpperCase(Locale.ROOT);
  }

  private static Optional<Double> number(Function<String, String> lookup, String name) {
    String value = blankToNull(lookup.apply(name));
    if (value == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Double.parseDouble(value.strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a number, got \"" + value + "\"");
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
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
