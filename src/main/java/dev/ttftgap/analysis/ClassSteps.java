package dev.ttftgap.analysis;

import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.record.RequestRecord;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One request class's own analysis ({@link ClassReport}), measured by the same machinery as the
 * whole run: its records' statistics per step ({@link StepStatsCalculator}, {@link StepGoodput}),
 * its knee ({@link KneeDetector}) and its SLO verdict ({@link SloEvaluator}, with the class's SLO
 * and the mix's saturation, so no class claims a rate the mix could not carry).
 *
 * <p>A step of the run in which the class has no record is missing for it, not passed: the class is
 * judged only on its steps below the first missing one (by rate), so its answer never rests on a
 * step it did not see. Step levels are the run's total offered rate, so every answer is a total
 * rate.
 *
 * <p>Steadiness is the mix's: the classes share one queue, and its growth shows on all arrivals,
 * where a minority class's own few requests in flight make the steady-state test noisy (a 20 %
 * class at 4 rps, 0.2 → 1.0 in flight, reads as a rising queue). A class passes a step when its own
 * records meet its own SLO and the mix's step is steady.
 *
 * <p>Assumptions: no queue is fitted per class (the fit assumes one service-time distribution at
 * the class's own arrival rate), so a class whose first failing step is not steady gets its last
 * steady passing step ({@link SloMethod#LAST_STEADY_STEP}).
 */
final class ClassSteps {
  /**
   * What every class of a run shares with the mix.
   *
   * @param saturation the mix's saturation (total rate), which caps every class's answer
   * @param model the mix's fitted queue; null when not fitted
   * @param steadiness the mix's steadiness by step (all classes' records), which each class's step
   *     takes
   */
  record Mix(Saturation saturation, QueueModel model, Map<Integer, SteadyState> steadiness) {}

  private ClassSteps() {}

  /**
   * A class's report and what the joint answer reads of it.
   *
   * @param spec the class as the options name it
   * @param options the run's options with the class's SLO
   * @param report the class's own analysis
   * @param judged the steps its verdict was judged on (vouched for, below the first missing one)
   * @param missingStep the first step of the run (by rate) without a record of the class; null when
   *     none is missing
   * @param missingRate that step's offered rate, requests/s; null with it
   */
  record Measured(
      ClassSpec spec,
      CapacityOptions options,
      ClassReport report,
      List<StepStats> judged,
      Integer missingStep,
      Double missingRate) {}

  /** The records of the class named {@code name} ({@code input().requestClass()}), warm-up too. */
  static List<RequestRecord> recordsOf(List<RequestRecord> records, String name) {
    return records.stream().filter(r -> name.equals(r.input().requestClass())).toList();
  }

  /**
   * The analysis of class {@code spec} in the run of {@code records}.
   *
   * @param loadGenerator the load generator's health; null when not measured
   * @param mix what every class shares: the mix's saturation, fitted queue and steadiness
   * @param holdSteps the steps a rate search held
   */
  static Measured measure(
      List<RequestRecord> records,
      ClassSpec spec,
      CapacityOptions options,
      LoadGeneratorHealth loadGenerator,
      Mix mix,
      Set<Integer> holdSteps) {
    Map<Integer, SteadyState> mixSteadiness = mix.steadiness();
    List<RequestRecord> own = recordsOf(records, spec.name());
    CapacityOptions classOptions = options.withSlo(spec.slo());
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(own);
    List<StepStats> steps =
        StepGoodput.of(measured.stats(), own, classOptions).stream()
            .map(step -> withSteadiness(step, mixSteadiness.get(step.step())))
            .toList();
    LoadModeAnalysis mode = LoadModeAnalysis.of(steps);
    Knee knee = KneeDetector.detect(mode.byLoad(steps), measured.baseline());
    Map.Entry<Integer, Double> missing = firstMissing(runStepRates(records), steps);
    List<StepStats> present =
        missing == null
            ? steps
            : steps.stream()
                .filter(s -> s.rate() != null && s.rate() < missing.getValue())
                .toList();
    List<StepStats> judged =
        SloSteps.vouched(present, SloSteps.withSloLimit(loadGenerator, spec.slo()));
    SloVerdict verdict =
        SloEvaluator.evaluate(
            judged, classOptions, mix.saturation(), null, measured.baseline(), holdSteps);
    Integer failing = verdict.firstFailingStep();
    boolean wholeRun = spec.share() >= 1;
    boolean onSteadiness = failing != null && verdict.transientSteps().contains(failing);
    if (mix.model() != null && (wholeRun || onSteadiness)) {
      // the mix's fitted queue places a limit between the steps as it does for the whole run: a
      // class that is the whole run is the mix, and a class whose own limits held where it failed
      // failed on the mix's steady state. The fit says nothing of a minority class's own latency
      // (it models the mix's gap), so a class that broke its limit keeps the measured answer.
      verdict =
          SloEvaluator.evaluate(
              judged, classOptions, mix.saturation(), mix.model(), measured.baseline(), holdSteps);
    }
    long requests = own.stream().filter(r -> !r.warmup() && r.level().step() >= 1).count();
    ClassReport report =
        new ClassReport(spec.name(), spec.share(), spec.slo(), requests, steps, knee, verdict);
    return new Measured(
        spec,
        classOptions,
        report,
        judged,
        missing == null ? null : missing.getKey(),
        missing == null ? null : missing.getValue());
  }

  /** {@code step} judged steady or not as the mix's step was ({@code steady}; null: not judged). */
  private static StepStats withSteadiness(StepStats step, SteadyState steady) {
    return new StepStats(
        step.step(),
        step.label(),
        step.offeredRate(),
        step.concurrency(),
        step.counts(),
        step.rates(),
        step.latencies(),
        step.queueing(),
        step.stream(),
        steady,
        step.firstTokens());
  }

  /** The mix's steadiness by step, from the statistics of all records. */
  static Map<Integer, SteadyState> mixSteadiness(List<StepStats> mixSteps) {
    Map<Integer, SteadyState> steadiness = new TreeMap<>();
    mixSteps.forEach(step -> steadiness.put(step.step(), step.steadyState()));
    return steadiness;
  }

  /** Every measured step of the run with its offered rate (steps without one left out). */
  private static Map<Integer, Double> runStepRates(List<RequestRecord> records) {
    Map<Integer, Double> rates = new TreeMap<>();
    for (RequestRecord record : records) {
      if (!record.warmup() && record.level().step() >= 1 && record.level().offeredRate() != null) {
        rates.putIfAbsent(record.level().step(), record.level().offeredRate());
      }
    }
    return rates;
  }

  /** The run's step of lowest rate that the class has no record in; null when there is none. */
  private static Map.Entry<Integer, Double> firstMissing(
      Map<Integer, Double> runSteps, List<StepStats> classSteps) {
    Set<Integer> present = classSteps.stream().map(StepStats::step).collect(Collectors.toSet());
    return runSteps.entrySet().stream()
        .filter(e -> !present.contains(e.getKey()))
        .min(Map.Entry.comparingByValue(Comparator.naturalOrder()))
        .orElse(null);
  }
}
