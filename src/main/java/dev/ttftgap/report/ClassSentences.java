package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassReport;
import dev.ttftgap.analysis.ClassesVerdict;
import dev.ttftgap.analysis.HeldRate;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.StepStats;
import java.util.List;
import java.util.Optional;

/**
 * The verdict of a run with request classes, in one sentence: the joint answer (the highest total
 * rate at which every class meets its own SLO) with the mix, the class that breaks first and what
 * it broke, each class's own answer in this mix, and the replicas for the peak at the same mix,
 * e.g. "Request classes: every class meets its own SLO up to 3.9 rps in total (chat 80 %, rag 20
 * %); chat breaks first (p95 TTFT 1.3 s > 1000 ms at step 4 · 5 rps); alone in this mix chat holds
 * 3.9 rps, rag 5.2 rps." Nothing for a run of one request shape.
 */
final class ClassSentences {
  private ClassSentences() {}

  /** The sentence for {@code report}'s classes; empty for a run without classes. */
  static Optional<String> of(CapacityReport report) {
    ClassesVerdict verdict = report.classes();
    if (verdict == null || verdict.classes().isEmpty()) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder("Request classes: ");
    text.append(joint(verdict)).append(" (").append(mix(verdict)).append(')');
    limiting(verdict).ifPresent(part -> text.append("; ").append(part));
    text.append("; alone in this mix ").append(ownAnswers(verdict));
    held(verdict).ifPresent(part -> text.append("; ").append(part));
    if (verdict.replicas() != null && report.options().peakRate().isPresent()) {
      text.append("; for a peak of ")
          .append(Fmt.rate(report.options().peakRate().get()))
          .append(" at the same mix: ")
          .append(verdict.replicas())
          .append(verdict.replicas() == 1 ? " replica" : " replicas");
    }
    text.append('.');
    if (verdict.note() != null && !verdict.note().isBlank()) {
      // a sentence of its own, capitalised (it often opens with a class's name)
      text.append(' ').append(sentence(verdict.note()));
    }
    return Optional.of(text.toString());
  }

  /** "every class meets its own SLO up to 3.9 rps (3.5–4.2) in total", or why there is none. */
  private static String joint(ClassesVerdict verdict) {
    if (verdict.jointMaxRate() == null) {
      return "no total rate found at which every class meets its own SLO";
    }
    String rate = Fmt.rateWithin(verdict.jointMaxRate(), verdict.rateLow(), verdict.rateHigh());
    return verdict.lowerBound()
        ? "every class meets its own SLO at every step, so at least " + rate + " in total"
        : "every class meets its own SLO up to " + rate + " in total";
  }

  /** "chat 80 %, rag 20 %". */
  static String mix(ClassesVerdict verdict) {
    return String.join(
        ", ",
        verdict.classes().stream().map(c -> c.name() + " " + Fmt.pct(100 * c.share())).toList());
  }

  /** "chat breaks first (p95 TTFT 1.3 s > 1000 ms at step 4 · 5 rps)"; empty when none broke. */
  private static Optional<String> limiting(ClassesVerdict verdict) {
    if (verdict.limitingClass() == null) {
      return Optional.empty();
    }
    ClassReport limiting = byName(verdict, verdict.limitingClass());
    String what = VerdictSentences.metricName(verdict.limitingMetric());
    if (limiting == null || limiting.verdict() == null) {
      return Optional.of(verdict.limitingClass() + " breaks first (" + what + ")");
    }
    StepStats step = step(limiting, limiting.verdict().firstFailingStep());
    StringBuilder part =
        new StringBuilder(verdict.limitingClass()).append(" breaks first (").append(what);
    if (step != null) {
      figure(step, verdict.limitingMetric(), limiting.slo()).ifPresent(part::append);
      part.append(" at ").append(step.label());
    }
    return Optional.of(part.append(')').toString());
  }

  /** " 1.3 s > 1000 ms" for a latency or error limit the step broke; empty for another one. */
  private static Optional<String> figure(StepStats step, String metric, Slo slo) {
    if (metric == null) {
      return Optional.empty();
    }
    return switch (metric) {
      case "ttft_p95" ->
          Optional.of(
              " "
                  + Fmt.ms(p95(step.latencies().ttft()))
                  + " > "
                  + Fmt.ms(slo.ttftP95LimitMillis()));
      case "gap_p95" ->
          Optional.of(
              " " + Fmt.ms(p95(step.latencies().gap())) + " > " + Fmt.ms(slo.gapP95LimitMillis()));
      case "error_rate" ->
          Optional.of(
              " "
                  + Fmt.pct(step.counts().errorRatePercent())
                  + " > "
                  + Fmt.pct(slo.errorRateLimitPercent()));
      default -> Optional.empty();
    };
  }

  private static Double p95(dev.ttftgap.analysis.LatencySummary summary) {
    return summary == null ? null : summary.p95Millis();
  }

  /** "chat holds 3.9 rps, rag at least 5.2 rps, agent no rate (fails its first step)". */
  private static String ownAnswers(ClassesVerdict verdict) {
    return String.join(
        ", ",
        verdict.classes().stream().map(c -> c.name() + " " + ownAnswer(c.verdict())).toList());
  }

  private static String ownAnswer(SloVerdict verdict) {
    if (verdict == null || verdict.maxSustainableRate() == null) {
      return "holds no step";
    }
    String answer =
        (verdict.lowerBound() ? "holds at least " : "holds ")
            + Fmt.rate(verdict.maxSustainableRate());
    Integer failing = verdict.firstFailingStep();
    if (failing != null && verdict.transientSteps().contains(failing)) {
      // its own limits held there: what failed was the mix's steady state, shared by every class
      answer += " (its limits held at step " + failing + " too, but the mix's queue grew there)";
    }
    return answer;
  }

  /** "held for 240 s at 3.9 rps (step 6)" for a search run's proof; empty otherwise. */
  private static Optional<String> held(ClassesVerdict verdict) {
    HeldRate held = verdict.held();
    if (held == null) {
      return Optional.empty();
    }
    return Optional.of(
        "held for "
            + Fmt.num(held.heldSeconds())
            + " s at "
            + Fmt.rate(held.ratePerSec())
            + " (step "
            + held.step()
            + ", achieved "
            + Fmt.rate(held.achievedRatePerSec())
            + ")");
  }

  static ClassReport byName(ClassesVerdict verdict, String name) {
    return verdict.classes().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  static StepStats step(ClassReport report, Integer step) {
    if (step == null) {
      return null;
    }
    List<StepStats> steps = report.steps();
    return steps.stream().filter(s -> s.step() == step).findFirst().orElse(null);
  }

  /** {@code text} as a sentence: capitalised, ending with a full stop. */
  static String sentence(String text) {
    String trimmed = text.strip();
    if (trimmed.isEmpty()) {
      return trimmed;
    }
    String capital = Character.toUpperCase(trimmed.charAt(0)) + trimmed.substring(1);
    return capital.endsWith(".") ? capital : capital + ".";
  }
}
