package dev.ttftgap.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassReport;
import dev.ttftgap.analysis.ClassesVerdict;
import dev.ttftgap.analysis.RecoveryVerdict;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.StepStats;

/**
 * The launch-day blocks of {@code capacity.json}, written only for a run that had them (a run of
 * one request shape without a burst keeps its file as it was):
 *
 * <ul>
 *   <li>{@code classes}: per request class its {@code name}, {@code share} (0–1), {@code slo}
 *       ({@link #slo}), {@code requests}, {@code steps} (laid out as the root's steps, with {@code
 *       firstTokens} when those have it, without the run-wide {@code queueLocation}, {@code server}
 *       and {@code loadGenerator}; {@code ratePerSec} is the run's total offered rate), {@code
 *       knee} and {@code verdict} (laid out as the root's {@code sloVerdict});
 *   <li>{@code joint}: {@code maxSustainableRatePerSec} (the highest total rate at which every
 *       class meets its own SLO; null when none), {@code lowerBound}, {@code limitingClass}, {@code
 *       limitingMetric}, {@code rateLowPerSec}, {@code rateHighPerSec}, {@code replicas} (for the
 *       peak at the same mix), {@code held} (a search's hold; null otherwise) and {@code note};
 *   <li>{@code recovery}: every field of the launch spike's verdict ({@code plan}, {@code windows},
 *       {@code bandP50Millis}, {@code recoverySeconds}, {@code peakInFlight}, {@code
 *       peakServerWaiting}, {@code capacityRatePerSec}, {@code predictedDrainSeconds}, …), null
 *       where unknown, never 0.
 * </ul>
 */
final class LaunchDayJson {
  private LaunchDayJson() {}

  /** Adds {@code classes} and {@code joint} for a run with classes; nothing otherwise. */
  static void classes(ObjectNode root, CapacityReport report) {
    ClassesVerdict verdict = report.classes();
    if (verdict == null) {
      return;
    }
    boolean kinds = !OutputKinds.shown(report).isEmpty();
    ArrayNode classes = root.putArray("classes");
    for (ClassReport cls : verdict.classes()) {
      ObjectNode node = classes.addObject();
      node.put("name", cls.name());
      node.put("share", cls.share());
      node.set("slo", slo(cls.slo()));
      node.put("requests", cls.requests());
      ArrayNode steps = node.putArray("steps");
      for (StepStats step : cls.steps()) {
        ObjectNode stepNode =
            JsonLayout.ordered(JsonLayout.object(step), JsonLayoutMixIns.STEP_FIELDS);
        if (kinds) {
          stepNode.set("firstTokens", CapacityJson.firstTokens(step));
        }
        steps.add(stepNode);
      }
      node.set("knee", JsonLayout.tree(cls.knee()));
      node.set("verdict", cls.verdict() == null ? null : CapacityJson.slo(cls.verdict()));
    }
    ObjectNode joint = root.putObject("joint");
    joint.put("maxSustainableRatePerSec", verdict.jointMaxRate());
    joint.put("lowerBound", verdict.lowerBound());
    joint.put("limitingClass", verdict.limitingClass());
    joint.put("limitingMetric", verdict.limitingMetric());
    joint.put("rateLowPerSec", verdict.rateLow());
    joint.put("rateHighPerSec", verdict.rateHigh());
    joint.put("replicas", verdict.replicas());
    joint.set("held", JsonLayout.tree(verdict.held()));
    joint.put("note", verdict.note());
  }

  /** Adds {@code recovery} for a launch-spike run; nothing otherwise. */
  static void recovery(ObjectNode root, RecoveryVerdict verdict) {
    if (verdict != null) {
      root.set("recovery", JsonLayout.tree(verdict));
    }
  }

  /**
   * An SLO's limits as {@code capacity.json} and {@code run.json} store them: {@code
   * ttftP95Millis}, {@code gapP95Millis}, {@code errorRatePercent} (null: not given), the per-kind
   * limits only when one is given.
   */
  static ObjectNode slo(Slo slo) {
    ObjectNode node = JsonLayout.MAPPER.createObjectNode();
    node.put("ttftP95Millis", JsonLayout.finite(slo.ttftP95LimitMillis()));
    node.put("gapP95Millis", JsonLayout.finite(slo.gapP95LimitMillis()));
    node.put("errorRatePercent", JsonLayout.finite(slo.errorRateLimitPercent()));
    if (slo.hasKindLimit()) {
      node.put("ttfvtP95Millis", slo.ttfvtP95Millis().orElse(null));
      node.put("ttfrP95Millis", slo.ttfrP95Millis().orElse(null));
      node.put("ttftcP95Millis", slo.ttftcP95Millis().orElse(null));
    }
    return node;
  }
}
