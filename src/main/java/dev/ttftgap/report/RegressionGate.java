package dev.ttftgap.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.PreviousRunComparison;
import dev.ttftgap.analysis.StepStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a run regressed against its baseline in a way that matters for the SLO, for
 * {@code CapacityMain --fail-on-regression} (exit status {@value #EXIT_REGRESSION}), e.g. in a
 * scheduled load-test workflow.
 *
 * <p>Algorithm overview: two tests, each giving one sentence when it fails.
 *
 * <ol>
 *   <li>The headline fell: the max sustainable rate (a closed run: the max concurrency under the
 *       SLO) is more than {@value #MAX_DROP_PERCENT} % below the baseline's, or undefined where the
 *       baseline had one.
 *   <li>A step the baseline sustained got slower: the baseline comparison ({@code
 *       PreviousRunComparator}: p50 up by more than max(10 ms, 20 %)) flags TTFB or the gap at a
 *       step whose load is at most the baseline's max sustainable rate (or concurrency). Overloaded
 *       steps are left out: their queue length depends on how long they ran, not on the server.
 * </ol>
 *
 * <p>Assumptions: both runs used the same profile (steps matched by index) and the same SLO.
 *
 * <p>Parameters with defaults: {@value #MAX_DROP_PERCENT} % drop. Example: baseline 7.46 rps, now
 * 6.5 rps → −12.9 % → regression; now 7.0 rps → −6.2 % → none.
 */
final class RegressionGate {
  /** CapacityMain's exit status when {@code --fail-on-regression} finds a regression. */
  public static final int EXIT_REGRESSION = 4;

  static final double MAX_DROP_PERCENT = 10;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private RegressionGate() {}

  /** The regressions of {@code report} against the baseline file; empty when none (or no file). */
  public static List<String> regressions(CapacityReport report, Path baselineFile) {
    if (report.baseline() == null) {
      return List.of();
    }
    try {
      JsonNode verdict = MAPPER.readTree(baselineFile.toFile()).path("sloVerdict");
      return regressions(report, headline(verdict, report.loadModel()));
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--fail-on-regression: cannot read " + baselineFile + " (" + e.getMessage() + ")");
    }
  }

  /**
   * The regressions of {@code report} given the baseline's headline (max sustainable rate, or max
   * concurrency of a closed run; null when the baseline had none).
   */
  static List<String> regressions(CapacityReport report, Double baselineHeadline) {
    if (report.baseline() == null) {
      return List.of();
    }
    List<String> found = new ArrayList<>();
    boolean closed = report.loadModel() == LoadModel.CLOSED;
    String unit = closed ? " concurrent streams" : " rps";
    Double now =
        closed
            ? (report.slo().maxConcurrency() == null
                ? null
                : report.slo().maxConcurrency().doubleValue())
            : report.slo().maxSustainableRate();
    String what = closed ? "max concurrency under the SLO" : "max sustainable rate";
    if (baselineHeadline != null) {
      if (now == null) {
        found.add(
            "the "
                + what
                + " is undefined now, the baseline had "
                + Fmt.num(baselineHeadline)
                + unit);
      } else if (now < baselineHeadline * (1 - MAX_DROP_PERCENT / 100)) {
        found.add(
            "the "
                + what
                + " fell from "
                + Fmt.num(baselineHeadline)
                + " to "
                + Fmt.num(now)
                + unit
                + " ("
                + Fmt.pct(100 * (now - baselineHeadline) / baselineHeadline)
                + ", more than "
                + Fmt.pct(MAX_DROP_PERCENT)
                + " down)");
      }
    }
    PreviousRunComparison comparison = report.baseline();
    List<Integer> ttfb = sustained(report, comparison.ttfbRegressionSteps(), baselineHeadline);
    List<Integer> gap = sustained(report, comparison.gapRegressionSteps(), baselineHeadline);
    if (!ttfb.isEmpty()) {
      found.add("TTFB p50 regressed at step(s) " + ttfb + ", which the baseline sustained");
    }
    if (!gap.isEmpty()) {
      found.add("gap p50 regressed at step(s) " + gap + ", which the baseline sustained");
    }
    return found;
  }

  /** The steps of {@code flagged} whose load is at most the baseline's headline. */
  private static List<Integer> sustained(
      CapacityReport report, List<Integer> flagged, Double headline) {
    if (headline == null) {
      return List.of();
    }
    boolean closed = report.loadModel() == LoadModel.CLOSED;
    List<Integer> steps = new ArrayList<>();
    for (int index : flagged) {
      StepStats step = report.step(index);
      Double load =
          step == null
              ? null
              : closed
                  ? (step.concurrency() == null ? null : step.concurrency().doubleValue())
                  : step.rate();
      if (load != null && load <= headline + 1e-9) {
        steps.add(index);
      }
    }
    return steps;
  }

  private static Double headline(JsonNode verdict, LoadModel model) {
    JsonNode value =
        verdict.path(
            model == LoadModel.CLOSED ? "maxConcurrencyUnderSlo" : "maxSustainableRatePerSec");
    return value.isNumber() ? value.doubleValue() : null;
  }
}
