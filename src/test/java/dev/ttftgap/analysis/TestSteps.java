package dev.ttftgap.analysis;

import java.util.Map;

/** Hand-built steps for unit tests of the verdicts. */
final class TestSteps {
  private TestSteps() {}

  static LatencySummary latency(double p50, double p95) {
    return new LatencySummary(100, p50, p50, (p50 + p95) / 2, p95, p95 * 1.2, p95 * 1.5);
  }

  /** A step at {@code rate} with the given gap and TTFB medians/p95s and error rate. */
  static StepStats step(
      int step, double rate, double ttfbP50, double gapP50, double gapP95, double errorPercent) {
    LatencySummary ttfb = latency(ttfbP50, ttfbP50 * 1.2);
    LatencySummary gap = latency(gapP50, gapP95);
    LatencySummary ttft = latency(ttfbP50 + gapP50, ttfbP50 * 1.2 + gapP95);
    int failed = (int) Math.round(errorPercent);
    return new StepStats(
        step,
        "step " + step,
        rate,
        null,
        100,
        100 - failed,
        failed,
        failed > 0 ? Map.of("http_status", failed) : Map.of(),
        errorPercent,
        30.0,
        rate,
        rate,
        null,
        null,
        null,
        ttfb,
        ttft,
        gap,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  static StepStats stepWithRates(int step, double rate, double arrival, double achieved) {
    StepStats base = step(step, rate, 20, 40, 50, 0);
    return new StepStats(
        base.step(),
        base.label(),
        rate,
        null,
        base.requests(),
        base.okRequests(),
        base.failedRequests(),
        base.failuresByReason(),
        base.errorRatePercent(),
        30.0,
        arrival,
        achieved,
        null,
        null,
        null,
        base.ttfb(),
        base.ttft(),
        base.gap(),
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  /**
   * A closed-model step: {@code concurrency} users (no offered rate), the given throughput (its
   * arrival rate too, since arrivals follow completions), gap p95 and error rate.
   */
  static StepStats closedStep(
      int step, int concurrency, double achieved, double gapP95, double errorPercent) {
    StepStats base = step(step, achieved, 1, Math.min(gapP95, 35), gapP95, errorPercent);
    return new StepStats(
        base.step(),
        "step " + step + " · " + concurrency + " users",
        null,
        concurrency,
        base.requests(),
        base.okRequests(),
        base.failedRequests(),
        base.failuresByReason(),
        base.errorRatePercent(),
        30.0,
        achieved,
        achieved,
        (double) concurrency,
        null,
        null,
        base.ttfb(),
        base.ttft(),
        base.gap(),
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
