package dev.ttftgap.search;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.ClassAnalysis;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.SloEvaluator;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.StepStatsCalculator;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.Fmt;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One request class's statistics in a phase of the {@link RateSearch}: with classes the search
 * holds the joint answer, so a phase passes only when every class's own records in it meet that
 * class's SLO and the mix is steady, as {@code ClassAnalysis} judges the finished run.
 *
 * @param spec the class
 * @param stats its records' statistics in the phase; null when it has none there
 */
record ClassPhase(ClassSpec spec, StepStats stats) {

  /** Each class of {@code options} in phase {@code step}, in profile order; empty without. */
  static List<ClassPhase> of(List<RequestRecord> records, CapacityOptions options, int step) {
    return options.classes().stream()
        .map(
            spec ->
                new ClassPhase(
                    spec,
                    StepStatsCalculator.of(ClassAnalysis.recordsOf(records, spec.name())).stream()
                        .filter(s -> s.step() == step)
                        .findFirst()
                        .orElse(null)))
        .toList();
  }

  /**
   * Why the phase fails: the mix not steady (the classes share its queue), else the first class
   * that breaks its own SLO; null when the mix is steady and every class meets its SLO.
   *
   * @param mix the statistics of all the phase's records
   */
  static String failure(List<ClassPhase> classes, StepStats mix, CapacityOptions options) {
    if (mix.unsteady()) {
      return "not steady: " + mix.steadyState().reason();
    }
    for (ClassPhase phase : classes) {
      String why = phase.failure(options.withSlo(phase.spec().slo()));
      if (why != null) {
        return "class " + phase.spec().name() + " " + why;
      }
    }
    return null;
  }

  private String failure(CapacityOptions own) {
    if (stats == null) {
      return "has no request ended";
    }
    List<String> broken = SloEvaluator.violations(stats, own);
    return broken.isEmpty()
        ? null
        : "breaks " + String.join(", ", broken) + " (p95 TTFT " + ttft(stats) + ")";
  }

  /** A class's p95 TTFT in the phase, e.g. {@code "412 ms"}. */
  private static String ttft(StepStats stats) {
    return (stats == null || stats.latencies().ttft() == null
            ? Fmt.UNDEFINED
            : String.format(Locale.ROOT, "%.0f", stats.latencies().ttft().p95Millis()))
        + " ms";
  }

  /**
   * Each class's p95 TTFT for a passing phase's log line, e.g. {@code "; p95 TTFT by class: …"}.
   */
  static String figures(List<ClassPhase> classes) {
    return classes.isEmpty()
        ? ""
        : classes.stream()
            .map(c -> c.spec().name() + " " + ttft(c.stats()))
            .collect(Collectors.joining(", ", "; p95 TTFT by class: ", ""));
  }
}
