package dev.ttftgap.report;

import dev.ttftgap.analysis.LatencySummary;
import dev.ttftgap.analysis.StepStats;

/**
 * The console line printed while a run goes on, once a load step has finished: what was offered,
 * what was achieved, TTFB and gap (median / p95) and the errors. For example:
 *
 * <pre>
 * ttft-gap: step 3 · 6 rps done · achieved 5.88 rps · TTFB p50/p95 1.0 / 4.0 ms · gap p50/p95 36 / 40 ms · errors 0 % (0 of 120)
 * </pre>
 *
 * The verdict waits for the end of the run; these lines only say that the run is on its way and
 * where the gap stands.
 */
public final class StepLine {
  private StepLine() {}

  /** The line of a finished measured step. */
  public static String of(StepStats step) {
    return "ttft-gap: "
        + step.label()
        + " done · achieved "
        + Fmt.rate(step.rates().achievedRate())
        + " · TTFB p50/p95 "
        + pair(step.latencies().ttfb())
        + " · gap p50/p95 "
        + pair(step.latencies().gap())
        + " · errors "
        + Fmt.pct(step.counts().errorRatePercent())
        + " ("
        + step.counts().failedRequests()
        + " of "
        + step.counts().requests()
        + ")";
  }

  /**
   * The line under a finished step for one request class of it: its requests, TTFB, gap and TTFT
   * (its SLO is on TTFT), errors.
   */
  public static String ofClass(String name, StepStats step) {
    return "ttft-gap:   class "
        + name
        + " · "
        + step.counts().requests()
        + " requests · TTFB p50/p95 "
        + pair(step.latencies().ttfb())
        + " · gap p50/p95 "
        + pair(step.latencies().gap())
        + " · TTFT p50/p95 "
        + pair(step.latencies().ttft())
        + " · errors "
        + Fmt.pct(step.counts().errorRatePercent());
  }

  /** The line of the finished warm-up, whose requests stay out of the statistics. */
  public static String warmup(String label, int requests, int failed) {
    return "ttft-gap: %s done · %s requests, %s failed (left out of the statistics)"
        .formatted(label, requests, failed);
  }

  private static String pair(LatencySummary summary) {
    if (summary == null || summary.count() == 0) {
      return Fmt.UNDEFINED;
    }
    return Fmt.msBare(summary.p50Millis()) + " / " + Fmt.ms(summary.p95Millis());
  }
}
