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
 * @param ttfvtP95Millis limit on a step's p95 time to the first visible answer token (first
 *     content), ms: what a reasoning model's user waits for; a step without content is not judged
 * @param ttfrP95Millis limit on a step's p95 time to the first reasoning token, ms; a step without
 *     reasoning is not judged on it
 * @param ttftcP95Millis limit on a step's p95 time to the first tool call, ms: what an agent waits
 *     for; a step without tool calls is not judged on it
 */
public record Slo(
    Optional<Double> ttftP95Millis,
    Optional<Double> gapP95Millis,
    Optional<Double> errorRatePercent,
    Optional<Double> assertUpToLevel,
    Optional<Double> ttfvtP95Millis,
    Optional<Double> ttfrP95Millis,
    Optional<Double> ttftcP95Millis) {

  /** A limit that never binds, as {@link #ttftP95LimitMillis()} and the others return it. */
  public static final double NO_LIMIT = Double.POSITIVE_INFINITY;

  /** No limit, not asserted. */
  public static final Slo NONE =
      new Slo(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

  /** The limits on TTFT, gap and errors only, no per-kind limit. */
  public Slo(
      Optional<Double> ttftP95Millis,
      Optional<Double> gapP95Millis,
      Optional<Double> errorRatePercent,
      Optional<Double> assertUpToLevel) {
    this(
        ttftP95Millis,
        gapP95Millis,
        errorRatePercent,
        assertUpToLevel,
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  public Slo {
    ttfvtP95Millis = ttfvtP95Millis == null ? Optional.empty() : ttfvtP95Millis;
    ttfrP95Millis = ttfrP95Millis == null ? Optional.empty() : ttfrP95Millis;
    ttftcP95Millis = ttftcP95Millis == null ? Optional.empty() : ttftcP95Millis;
    ttfvtP95Millis.ifPresent(ms -> requirePositive(ms, "sloTtfvtP95Millis"));
    ttfrP95Millis.ifPresent(ms -> requirePositive(ms, "sloTtfrP95Millis"));
    ttftcP95Millis.ifPresent(ms -> requirePositive(ms, "sloTtftcP95Millis"));
    ttfvtP95Millis = ttfvtP95Millis.filter(Double::isFinite);
    ttfrP95Millis = ttfrP95Millis.filter(Double::isFinite);
    ttftcP95Millis = ttftcP95Millis.filter(Double::isFinite);
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

  /**
   * These limits with the per-kind p95 limits (ms; empty: none on that kind), e.g. {@code
   * Slo.limits(ttft, gap, errors).withKindLimits(Optional.of(2000.0), empty, empty)}.
   */
  public Slo withKindLimits(
      Optional<Double> ttfvtP95Millis,
      Optional<Double> ttfrP95Millis,
      Optional<Double> ttftcP95Millis) {
    return new Slo(
        ttftP95Millis,
        gapP95Millis,
        errorRatePercent,
        assertUpToLevel,
        ttfvtP95Millis,
        ttfrP95Millis,
        ttftcP95Millis);
  }

  /** Each limit of this SLO, else {@code other}'s; the assertion level likewise. */
  public Slo or(Slo other) {
    return new Slo(
        ttftP95Millis.or(other::ttftP95Millis),
        gapP95Millis.or(other::gapP95Millis),
        errorRatePercent.or(other::errorRatePercent),
        assertUpToLevel.or(other::assertUpToLevel),
        ttfvtP95Millis.or(other::ttfvtP95Millis),
        ttfrP95Millis.or(other::ttfrP95Millis),
        ttftcP95Millis.or(other::ttftcP95Millis));
  }

  /** True when a limit on the first token of a kind (answer, reasoning, tool call) binds. */
  public boolean hasKindLimit() {
    return ttfvtP95Millis.isPresent() || ttfrP95Millis.isPresent() || ttftcP95Millis.isPresent();
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
    return ttftP95Millis.isPresent()
        || gapP95Millis.isPresent()
        || errorRatePercent.isPresent()
        || hasKindLimit();
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
