package dev.ttftgap.analysis;

import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Per-class analysis of a run with request classes ({@link CapacityOptions#classes()}): each
 * class's statistics, knee and SLO verdict on its own records ({@link ClassSteps}), and the joint
 * answer, the highest total rate at which every class meets its own SLO, steady.
 *
 * <p>Algorithm overview: the joint answer is the lowest of the classes' own answers, so it is never
 * above any of them; the class with that lowest answer (the first in profile order on a tie) limits
 * it. Every class's answer is a total rate (step levels are the run's total offered rate), capped
 * like the whole run's by the mix's saturation. A search run's answer is the highest hold at which
 * every class passed ({@link ClassHold}), which is at most each class's own highest passing hold.
 * The joint interval runs from the lowest of the classes' lower ends to the lowest of their upper
 * ends, which holds the joint answer since each class's interval holds its own.
 *
 * <p>Example: chat (p95 TTFT ≤ 1 s) passes up to 6 rps and crosses its limit at 6.8 rps; rag (≤ 5
 * s) at 7.6 rps: the joint answer is 6.8 rps, limited by chat on ttft_p95; a 20 rps peak at the
 * same mix needs ceil(20 / 6.8) = 3 replicas.
 */
public final class ClassAnalysis {
  private ClassAnalysis() {}

  /**
   * The classes' verdict; null when {@code options} names no classes.
   *
   * @param records every record of the run (warm-up included)
   * @param options the run's options; {@link CapacityOptions#classes()} gives each class's SLO
   * @param loadGenerator the load generator's health (null when not measured)
   * @param saturation the mix's saturation (total rate): every class's answer is capped by it
   * @param mixModel the mix's fitted queue (null when not fitted): where a class's first failing
   *     step failed on the mix's steady state, it places the limit between the steps as it does for
   *     the whole run, so a class of 100 % gets the run's own answer
   */
  public static ClassesVerdict analyze(
      List<RequestRecord> records,
      CapacityOptions options,
      LoadGeneratorHealth loadGenerator,
      Saturation saturation,
      QueueModel mixModel) {
    if (options.classes().isEmpty()) {
      return null;
    }
    Set<Integer> holds = SloSteps.holdSteps(records);
    List<StepStats> mixSteps = StepStatsCalculator.of(records);
    Map<Integer, SteadyState> steadiness = ClassSteps.mixSteadiness(mixSteps);
    List<ClassSteps.Measured> measured =
        options.classes().stream()
            .map(
                spec ->
                    ClassSteps.measure(
                        records,
                        spec,
                        options,
                        loadGenerator,
                        new ClassSteps.Mix(saturation, mixModel, steadiness),
                        holds))
            .toList();
    HeldRate held = holds.isEmpty() ? null : ClassHold.of(mixSteps, measured, holds);
    return joint(measured, options, held, !holds.isEmpty());
  }

  /** The records of the class named {@code name} ({@code input().requestClass()}), warm-up too. */
  public static List<RequestRecord> recordsOf(List<RequestRecord> records, String name) {
    return ClassSteps.recordsOf(records, name);
  }

  private static ClassesVerdict joint(
      List<ClassSteps.Measured> measured, CapacityOptions options, HeldRate held, boolean search) {
    List<ClassReport> reports = measured.stream().map(ClassSteps.Measured::report).toList();
    ClassSteps.Measured unanswered =
        measured.stream()
            .filter(m -> m.report().verdict().maxSustainableRate() == null)
            .findFirst()
            .orElse(null);
    if (unanswered != null) {
      SloVerdict verdict = unanswered.report().verdict();
      return new ClassesVerdict(
          reports,
          null,
          false,
          unanswered.spec().name(),
          verdict.limitingMetric(),
          null,
          null,
          null,
          held,
          withoutAnswer(unanswered));
    }
    ClassSteps.Measured lowest = measured.get(0);
    for (ClassSteps.Measured m : measured) {
      if (answer(m) < answer(lowest)) {
        lowest = m;
      }
    }
    boolean lowerBound = reports.stream().allMatch(r -> r.verdict().lowerBound());
    double joint = answer(lowest);
    Double rateLow = min(reports.stream().map(r -> r.verdict().rateLow()).toList());
    Double rateHigh = min(reports.stream().map(r -> r.verdict().rateHigh()).toList());
    if (held != null) {
      joint = Math.min(joint, held.ratePerSec());
      rateLow = joint;
      rateHigh = min(java.util.Arrays.asList(rateHigh, held.failingRatePerSec()));
    }
    double answer = joint;
    Integer replicas =
        answer > 0
            ? options.peakRate().map(peak -> (int) Math.ceil(peak / answer - 1e-9)).orElse(null)
            : null;
    return new ClassesVerdict(
        reports,
        joint,
        lowerBound,
        lowerBound ? null : lowest.spec().name(),
        lowerBound ? null : lowest.report().verdict().limitingMetric(),
        rateLow,
        rateHigh,
        replicas,
        held,
        note(measured, lowest, held, search));
  }

  private static double answer(ClassSteps.Measured measured) {
    return measured.report().verdict().maxSustainableRate();
  }

  /** The smallest of {@code values} that are defined; null when none is. */
  private static Double min(List<Double> values) {
    return values.stream().filter(Objects::nonNull).min(Double::compare).orElse(null);
  }

  /** Why there is no joint answer, the fault of {@code unanswered}. */
  private static String withoutAnswer(ClassSteps.Measured unanswered) {
    ClassReport report = unanswered.report();
    if (report.requests() == 0) {
      return "Class " + report.name() + " has no measured record, so there is no joint answer.";
    }
    if (report.verdict().maxConcurrency() != null
        || LoadModel.of(report.steps()) == LoadModel.CLOSED) {
      return "A closed run's load is a concurrency shared by the classes, so there is no joint"
          + " arrival rate.";
    }
    if (unanswered.judged().isEmpty() && unanswered.missingStep() != null) {
      return String.format(
          Locale.ROOT,
          "Class %s has no record at step %d (%.2f rps), the run's lowest: a missing step is not"
              + " passed, so there is no joint answer.",
          report.name(),
          unanswered.missingStep(),
          unanswered.missingRate());
    }
    String metric = report.verdict().limitingMetric();
    return "Class "
        + report.name()
        + " fails its first step"
        + (metric == null ? "" : " (" + metric + ")")
        + ", so no total rate meets every class's SLO.";
  }

  /** What the joint answer rests on when notable; null otherwise. */
  private static String note(
      List<ClassSteps.Measured> measured,
      ClassSteps.Measured lowest,
      HeldRate held,
      boolean search) {
    for (ClassSteps.Measured m : measured) {
      if (m.missingStep() != null) {
        return String.format(
            Locale.ROOT,
            "Class %s has no record at step %d (%.2f rps): a missing step counts as not passed, so"
                + " its answer stops below that rate.",
            m.spec().name(),
            m.missingStep(),
            m.missingRate());
      }
    }
    if (search && held == null) {
      return "No hold met every class's SLO: the joint answer is the lowest of the classes' own"
          + " answers, not proved by a hold.";
    }
    SloVerdict verdict = lowest.report().verdict();
    if (verdict.cappedBySaturation()) {
      return String.format(
          Locale.ROOT,
          "Class %s's answer is capped at %.0f %% of the mix's saturation rate: no class can"
              + " claim a total rate the mix does not carry.",
          lowest.spec().name(),
          SloEvaluator.MAX_UTILISATION * 100);
    }
    return null;
  }
}
