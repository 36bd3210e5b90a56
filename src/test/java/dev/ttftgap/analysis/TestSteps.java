package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
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
    return stats(
        step,
        "step " + step,
        rate,
        null,
        100,
        failed,
        errorPercent,
        rate,
        rate,
        null,
        ttfb,
        ttft,
        gap);
  }

  static StepStats stepWithRates(int step, double rate, double arrival, double achieved) {
    StepStats base = step(step, rate, 20, 40, 50, 0);
    return withLoad(base, base.label(), rate, null, arrival, achieved, null);
  }

  /**
   * A closed-model step: {@code concurrency} users (no offered rate), the given throughput (its
   * arrival rate too, since arrivals follow completions), gap p95 and error rate.
   */
  static StepStats closedStep(
      int step, int concurrency, double achieved, double gapP95, double errorPercent) {
    StepStats base = step(step, achieved, 1, Math.min(gapP95, 35), gapP95, errorPercent);
    return withLoad(
        base,
        "step " + step + " · " + concurrency + " users",
        null,
        concurrency,
        achieved,
        achieved,
        (double) concurrency);
  }

  /** {@code base}'s latencies and errors under another load. */
  private static StepStats withLoad(
      StepStats base,
      String label,
      Double offered,
      Integer concurrency,
      double arrival,
      double achieved,
      Double meanConcurrency) {
    return stats(
        base.step(),
        label,
        offered,
        concurrency,
        base.counts().requests(),
        base.counts().failedRequests(),
        base.counts().errorRatePercent(),
        arrival,
        achieved,
        meanConcurrency,
        base.latencies().ttfb(),
        base.latencies().ttft(),
        base.latencies().gap());
  }

  private static StepStats stats(
      int step,
      String label,
      Double offered,
      Integer concurrency,
      int requests,
      int failed,
      double errorPercent,
      double arrival,
      double achieved,
      Double meanConcurrency,
      LatencySummary ttfb,
      LatencySummary ttft,
      LatencySummary gap) {
    return new StepStats(
        step,
        label,
        offered,
        concurrency,
        new StepStats.Counts(
            requests,
            requests - failed,
            failed,
            failed > 0 ? Map.of("http_status", failed) : Map.of(),
            errorPercent),
        new StepStats.Rates(30.0, arrival, achieved, meanConcurrency, null, null, null, null),
        new StepStats.Latencies(ttfb, ttft, gap, null, null, null),
        new StepStats.Queueing(null, null, null, null),
        new StepStats.StreamHealth(0, 0, null, null),
        null,
        null);
  }

  /**
   * {@code count} successful requests of step 1 (2 rps), started 500 ms apart: TTFB 1 ms, TTFT 20
   * ms, gap 19 ms, e2e 100 ms, no token count.
   */
  static List<RequestRecord> evenlySpacedStep(int count) {
    List<RequestRecord> records = new java.util.ArrayList<>();
    for (int i = 0; i < count; i++) {
      int n = i;
      records.add(
          dev.ttftgap.record.TestRecords.builder()
              .identity(id -> id.userId(n))
              .level(lv -> lv.step(1).stepLabel("step 1 · 2 rps").offeredRate(2.0))
              .timings(
                  t ->
                      t.startEpochMillis(1_000_000L + 500L * n)
                          .ttfbMillis(1L)
                          .ttftMillis(20L)
                          .gapMillis(19L)
                          .e2eMillis(100L))
              .result(res -> res.outcome(dev.ttftgap.record.Outcome.OK))
              .build());
    }
    return records;
  }
}
