package dev.ttftgap.search;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.SloEvaluator;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.report.Fmt;
import java.util.List;
import java.util.Locale;

/** Whether a phase of the {@link RateSearch} passes, and the figures its log line gives. */
final class PhaseJudgement {
  private PhaseJudgement() {}

  /**
   * Why the phase at {@code rate} fails, null when it passes: a request still open {@code
   * settleMillis} after its window, no request ended, the SLO broken or not steady (with request
   * classes: some class's own SLO broken or not steady, {@link ClassPhase}), or a rate at or above
   * the ceiling.
   *
   * @param classes each request class's statistics in the phase; empty for a run without classes
   */
  static String failure(
      long open,
      long settleMillis,
      StepStats stats,
      List<ClassPhase> classes,
      CapacityOptions slo,
      Double ceiling,
      double rate) {
    String failure = null;
    if (open > 0) {
      failure = open + " request(s) still open " + settleMillis / 1000 + " s after its end";
    } else if (stats == null) {
      failure = "no request ended";
    } else if (!classes.isEmpty()) {
      failure = ClassPhase.failure(classes, stats, slo);
    } else if (!SloEvaluator.passes(stats, slo)) {
      failure =
          stats.unsteady()
              ? "not steady: " + stats.steadyState().reason()
              : "breaks " + String.join(", ", SloEvaluator.violations(stats, slo));
    }
    if (failure == null && ceiling != null && rate >= ceiling) {
      failure =
          String.format(
              Locale.ROOT,
              "at or above the %.2f rps the server completed when overloaded",
              ceiling);
    }
    return failure;
  }

  /** A passing phase's figures for its log line, with each request class's p95 TTFT. */
  static String figures(StepStats stats, List<ClassPhase> classes) {
    return String.format(
        Locale.ROOT,
        " (p95 TTFT %s ms, p95 gap %s ms, errors %.1f %%, achieved %.2f rps, steady%s)",
        stats.latencies().ttft() == null
            ? Fmt.UNDEFINED
            : String.format(Locale.ROOT, "%.0f", stats.latencies().ttft().p95Millis()),
        stats.latencies().gap() == null
            ? Fmt.UNDEFINED
            : String.format(Locale.ROOT, "%.0f", stats.latencies().gap().p95Millis()),
        stats.counts().errorRatePercent(),
        stats.rates().achievedRate() == null ? Double.NaN : stats.rates().achievedRate(),
        ClassPhase.figures(classes));
  }
}
