package dev.ttftgap.analysis;

import java.util.Objects;
import java.util.Optional;

/**
 * Service-level objective of a run, the one shape from the profile through the command line to the
 * analysis: limits a step must meet, and the highest level at which a run asserts them. Limits are
 * inclusive ("p95 TTFT at most 3000 ms", "at most 1 % of requests fail"), so 0 % errors is a valid
 * objective; Gatling assertions should use {@code lte}. An empty limit does not constrain its
 * metric; {@link #NONE} has no limit at all (a profile without an {@code slo}).
 *
 * <p>A capacity test deliberately overloads its last steps, so the SLO is asserted only up to the
 * peak the service must carry. Empty {@code assertUpToLevel}: the SLO is used by the capacity
 * analysis (max sustainable rate) but not asserted.
 *
 * @param ttftP95Millis limit on a step's p95 TTFT, ms
 * @param gapP95Millis limit on a step's p95 gap (TTFT − TTFB), ms
 * @param errorRatePercent limit on a step's failed requests, percent of its requests (0–100)
 * @param assertUpToLevel highest step level (requests/s or users) the limits are asserted at
 */
public record Slo(
    Optional<Double> ttftP95Millis,
    Optional<Double> gapP95Millis,
    Optional<Double> errorRatePercent,
    Optional<Double> assertUpToLevel) {

  /** A limit that never binds, as {@link #ttftP95LimitMillis()} and the others return it. */
  public static final double NO_LIMIT = Double.POSITIVE_INFINITY;

  /** No limit, not asserted. */
  public static final Slo NONE =
      new Slo(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

  public Slo {
    Objects.requireNonNull(ttftP95Millis, "ttftP95Millis");
    Objects.requireNonNull(gapP95Millis, "gapP95Millis");
    Objects.requireNonNull(errorRatePercent, "errorRatePercent");
    Objects.requireNonNull(assertUpToLevel, "assertUpToLevel");
    ttftP95Millis.ifPresent(ms -> requirePositive(ms, "sloTtftP95Millis"));
    gapP95Millis.ifPresent(ms -> requirePositive(ms, "sloGapP95Millis"));
    errorRatePercent.ifPresent(
        pct -> {
          if (!(pct >= 0 && pct <= 100) && pct != NO_LIMIT) {
            throw new IllegalArgumentException(
                "sloErrorRatePercent must be within 0..100, got " + pct);
          }
        });
    // NO_LIMIT given is no limit: one way to say none
    ttftP95Millis = ttftP95Millis.filter(Double::isFinite);
    gapP95Millis = gapP95Millis.filter(Double::isFinite);
    errorRatePercent = errorRatePercent.filter(Double::isFinite);
  }

  /** The limits given (empty: none on that metric), not asserted. */
  public static Slo limits(
      Optional<Double> ttftP95Millis,
      Optional<Double> gapP95Millis,
      Optional<Double> errorPercent) {
    return new Slo(ttftP95Millis, gapP95Millis, errorPercent, Optional.empty());
  }

  /** The limits given, {@link #NO_LIMIT} for none on that metric; not asserted. */
  public static Slo of(double ttftP95Millis, double gapP95Millis, double errorRatePercent) {
    return limits(
        Optional.of(ttftP95Millis), Optional.of(gapP95Millis), Optional.of(errorRatePercent));
  }

  /** Each limit of this SLO, else {@code other}'s; the assertion level likewise. */
  public Slo or(Slo other) {
    return new Slo(
        ttftP95Millis.or(other::ttftP95Millis),
        gapP95Millis.or(other::gapP95Millis),
        errorRatePercent.or(other::errorRatePercent),
        assertUpToLevel.or(other::assertUpToLevel));
  }

  /** The p95 TTFT limit, ms; {@link #NO_LIMIT} when none. */
  public double ttftP95LimitMillis() {
    return ttftP95Millis.orElse(NO_LIMIT);
  }

  /** The p95 gap limit, ms; {@link #NO_LIMIT} when none. */
  public double gapP95LimitMillis() {
    return gapP95Millis.orElse(NO_LIMIT);
  }

  /** The error-rate limit, percent; {@link #NO_LIMIT} when none. */
  public double errorRateLimitPercent() {
    return errorRatePercent.orElse(NO_LIMIT);
  }

  /** True when at least one limit binds (a profile without {@code slo} gives none). */
  public boolean hasLimit() {
    return ttftP95Millis.isPresent() || gapP95Millis.isPresent() || errorRatePercent.isPresent();
  }

  /** True when some steps get Gatling assertions. */
  public boolean asserted() {
    return assertUpToLevel.isPresent();
  }

  /** True when the limits are asserted at a step of this level. */
  public boolean assertedAt(double level) {
    return assertUpToLevel.map(limit -> level <= limit + 1e-9).orElse(false);
  }

  private static void requirePositive(double value, String name) {
    if (!(value > 0)) {
      throw new IllegalArgumentException(name + " must be a positive number, got " + value);
    }
  }
}
