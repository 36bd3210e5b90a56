package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassReport;
import dev.ttftgap.analysis.LatencySummary;
import dev.ttftgap.analysis.SloEvaluator;
import dev.ttftgap.analysis.StepStats;
import java.util.ArrayList;
import java.util.List;

/**
 * The compact step table of each request class, shared by the text renderers: its title ("chat · 80
 * % of arrivals · SLO p95 TTFT ≤ 1000 ms · 1200 requests") and one row per step with the figures
 * its SLO judges and whether the step met it. The rate column is the run's total offered rate, as
 * the joint answer reads: a class's own share of it is in its title.
 */
final class ClassTables {
  static final List<String> HEADER =
      List.of(
          "step",
          "total rate rps",
          "requests",
          "errors",
          "TTFB p95 ms",
          "gap p95 ms",
          "TTFT p50/p95 ms",
          "e2e p95 ms",
          "class SLO");

  private ClassTables() {}

  /** True when {@code report} has request classes to tabulate. */
  static boolean present(CapacityReport report) {
    return report.classes() != null && !report.classes().classes().isEmpty();
  }

  /** The classes of {@code report}, in the profile's order; empty without classes. */
  static List<ClassReport> classes(CapacityReport report) {
    return present(report) ? report.classes().classes() : List.of();
  }

  /** "chat · 80 % of arrivals · SLO p95 TTFT ≤ 1000 ms · 1200 requests · knee at 4 rps". */
  static String title(ClassReport cls) {
    String knee =
        cls.knee() != null && cls.knee().found()
            ? " · gap knee at " + Fmt.rate(cls.knee().rate())
            : "";
    return cls.name()
        + " · "
        + Fmt.pct(100 * cls.share())
        + " of arrivals · SLO "
        + VerdictSentences.limits(cls.slo())
        + " · "
        + cls.requests()
        + " requests"
        + knee;
  }

  static List<List<String>> rows(CapacityReport report, ClassReport cls) {
    CapacityOptions options = report.options().withSlo(cls.slo());
    List<List<String>> rows = new ArrayList<>();
    for (StepStats step : cls.steps()) {
      rows.add(
          List.of(
              String.valueOf(step.step()),
              Fmt.num(step.rate()),
              String.valueOf(step.counts().requests()),
              Fmt.pct(step.counts().errorRatePercent()),
              p95(step.latencies().ttfb()),
              p95(step.latencies().gap()),
              StepTable.p50AndP95(step.latencies().ttft()),
              p95(step.latencies().e2e()),
              verdict(step, options)));
    }
    return rows;
  }

  /** "pass", or "fail: p95 TTFT, steady state" with what it broke. */
  private static String verdict(StepStats step, CapacityOptions options) {
    if (step.counts().requests() == 0) {
      return Fmt.UNDEFINED;
    }
    if (SloEvaluator.passes(step, options)) {
      return "pass";
    }
    List<String> broken = new ArrayList<>();
    SloEvaluator.violations(step, options).forEach(m -> broken.add(VerdictSentences.metricName(m)));
    if (step.unsteady()) {
      broken.add("steady state");
    }
    return "fail: " + String.join(", ", broken);
  }

  private static String p95(LatencySummary summary) {
    return summary == null ? Fmt.UNDEFINED : Fmt.msBare(summary.p95Millis());
  }
}
