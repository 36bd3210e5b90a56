package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeldRate;
import dev.ttftgap.analysis.SloEvaluator;
import dev.ttftgap.analysis.SloMethod;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.StepStats;
import java.util.Locale;

/**
 * The SLO verdict of an open run, in arrival rates: the max sustainable rate and how it was found
 * ({@link SloMethod}), the saturation cap, the transient passes, and the run that would decide what
 * this one could not.
 */
final class OpenSloSentence {
  private OpenSloSentence() {}

  /** The verdict under {@code limits} (the SLO's text, {@link VerdictSentences#limits}). */
  static String of(CapacityReport report, String limits) {
    SloVerdict slo = report.slo();
    if (slo.maxSustainableRate() == null && slo.firstFailingStep() == null) {
      return "Max sustainable rate under the SLO (" + limits + "): undefined, no step had a rate.";
    }
    if (slo.maxSustainableRate() == null) {
      return "Even the first step breaks the SLO ("
          + limits
          + ") on "
          + KindSentences.breach(
              report.step(slo.firstFailingStep()), slo.limitingMetric(), slo.slo())
          + ": the max sustainable rate is below "
          + Fmt.rate(report.step(slo.firstFailingStep()).rate())
          + ".";
    }
    String headline = Fmt.rateWithin(slo.maxSustainableRate(), slo.rateLow(), slo.rateHigh());
    StringBuilder text = new StringBuilder();
    if (slo.method() == SloMethod.HELD) {
      held(text, slo, headline, limits);
    } else if (slo.method() == SloMethod.LOWER_BOUND) {
      text.append("Every step met the SLO (")
          .append(limits)
          .append(") in steady state: the max sustainable rate is at least ")
          .append(Fmt.rate(slo.maxSustainableRate()))
          .append("; raise the load to find it.");
    } else {
      bracket(text, report, headline, limits);
    }
    if (slo.cappedBySaturation()) {
      text.append(" Capped at ")
          .append(String.format(Locale.ROOT, "%.0f %%", 100 * SloEvaluator.MAX_UTILISATION))
          .append(" of the ")
          .append(Fmt.rate(report.saturation().saturationRate()))
          .append(" saturation: closer to it a queue takes longer to settle than a step lasts.");
    }
    for (Integer step : slo.transientSteps()) {
      if (step.equals(slo.firstFailingStep())) {
        continue;
      }
      StepStats t = report.step(step);
      text.append(" Step ")
          .append(step)
          .append(" (")
          .append(Fmt.rate(t.rate()))
          .append(") met the limits only transiently: ")
          .append(t.steadyState().reason())
          .append("; held, it would break them.");
    }
    String next = nextRun(slo);
    if (next != null) {
      text.append(' ').append(next);
    }
    return text.toString();
  }

  /** A search run's verdict: the rate it held, with the hold's figures. */
  private static void held(StringBuilder text, SloVerdict slo, String headline, String limits) {
    HeldRate held = slo.held();
    text.append("Sustains ")
        .append(headline)
        .append(" under the SLO (")
        .append(limits)
        .append("): held for ")
        .append(Fmt.num(held.heldSeconds()))
        .append(" s at step ")
        .append(held.step())
        .append(" (p95 TTFT ")
        .append(Fmt.ms(held.ttftP95Millis()))
        .append(", p95 gap ")
        .append(Fmt.ms(held.gapP95Millis()))
        .append(", errors ")
        .append(Fmt.pct(held.errorRatePercent()))
        .append(", achieved ")
        .append(Fmt.rate(held.achievedRatePerSec()))
        .append(", steady)");
    if (held.failingRatePerSec() != null) {
      text.append("; ")
          .append(Fmt.rate(held.failingRatePerSec()))
          .append(" failed (")
          .append(VerdictSentences.metricName(slo.limitingMetric()))
          .append(")");
    }
    text.append('.');
  }

  /** A staircase's verdict between its last passing step and its first failing one. */
  private static void bracket(
      StringBuilder text, CapacityReport report, String headline, String limits) {
    SloVerdict slo = report.slo();
    StepStats pass = report.step(slo.lastPassingStep());
    StepStats fail = report.step(slo.firstFailingStep());
    text.append("Max sustainable rate under the SLO (")
        .append(limits)
        .append("): ")
        .append(headline);
    if (slo.method() == SloMethod.INTERPOLATED) {
      text.append(", interpolated between step ")
          .append(pass.step())
          .append(" (passes, steady) and step ")
          .append(fail.step())
          .append(" (breaks ")
          .append(KindSentences.breach(fail, slo.limitingMetric(), slo.slo()))
          .append(").");
      return;
    }
    text.append(": step ")
        .append(pass.step())
        .append(" (")
        .append(Fmt.rate(pass.rate()))
        .append(") passes in steady state, step ")
        .append(fail.step())
        .append(" (")
        .append(Fmt.rate(fail.rate()))
        .append(") does not (")
        .append(failure(fail, slo))
        .append(
            slo.method() == SloMethod.MODEL
                ? "); between them the fitted queue places the limit."
                : "), and no fitted model places the limit between them.");
  }

  /** Why a failing step failed: its broken limits, else its growing queue. */
  private static String failure(StepStats step, SloVerdict slo) {
    if (step.unsteady()) {
      return (slo.transientSteps().contains(step.step())
              ? "it met the limits only transiently, held it would break them: "
              : "not steady: ")
          + step.steadyState().reason();
    }
    return "breaks " + KindSentences.breach(step, slo.limitingMetric(), slo.slo());
  }

  /** The run that would decide what this one could not, or null when it decided. */
  static String nextRun(SloVerdict slo) {
    if (slo.method() == SloMethod.HELD || slo.rateLow() == null) {
      return null;
    }
    if (slo.rateHigh() == null) {
      return "To find the limit, run find-max-rate from "
          + Fmt.rate(slo.rateLow())
          + ": mvn gatling:test -Dprofile=find-max-rate -Dsearch.startRate="
          + Fmt.num(slo.rateLow())
          + ".";
    }
    return "To prove a rate, hold it: run find-max-rate between "
        + Fmt.num(slo.rateLow())
        + " and "
        + Fmt.rate(slo.rateHigh())
        + " (mvn gatling:test -Dprofile=find-max-rate -Dsearch.startRate="
        + Fmt.num(slo.rateLow())
        + " -Dsearch.maxRate="
        + Fmt.num(slo.rateHigh())
        + ").";
  }
}
