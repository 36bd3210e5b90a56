package dev.ttftgap.profile;

import java.util.Objects;
import java.util.Optional;

/**
 * Service-level objective of a run: limits that must hold at every load step whose level is at most
 * {@link #assertUpToLevel()}. Limits are inclusive ("p95 TTFT at most 3000 ms", "at most 1 % of
 * requests fail"), so 0 % errors is a valid objective; Gatling assertions should use {@code lte}.
 *
 * <p>A capacity test deliberately overloads its last steps, so the SLO is asserted only up to the
 * peak the service must carry. Empty {@code assertUpToLevel}: the SLO is used by the capacity
 * analysis (max sustainable rate) but not asserted.
 *
 * @param ttftP95Millis limit on the p95 of TTFT, ms
 * @param gapP95Millis limit on the p95 of the gap (TTFT − TTFB), ms
 * @param errorRatePercent limit on failed requests, percent of requests (0–100)
 * @param assertUpToLevel highest step level (requests/s or users) the limits are asserted at
 */
public record Slo(
    Optional<Integer> ttftP95Millis,
    Optional<Integer> gapP95Millis,
    Optional<Double> errorRatePercent,
    Optional<Double> assertUpToLevel) {

  public Slo {
    Objects.requireNonNull(ttftP95Millis, "ttftP95Millis");
    Objects.requireNonNull(gapP95Millis, "gapP95Millis");
    Objects.requireNonNull(errorRatePercent, "errorRatePercent");
    Objects.requireNonNull(assertUpToLevel, "assertUpToLevel");
  }

  /** True when some steps get Gatling assertions. */
  public boolean asserted() {
    return assertUpToLevel.isPresent();
  }

  /** True when the limits are asserted at a step of this level. */
  public boolean assertedAt(double level) {
    return assertUpToLevel.map(limit -> level <= limit + 1e-9).orElse(false);
  }
}
