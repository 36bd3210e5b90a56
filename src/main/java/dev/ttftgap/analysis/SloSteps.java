package dev.ttftgap.analysis;

import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What an SLO verdict reads besides the steps, shared by the whole run's verdict and each request
 * class's ({@link ClassAnalysis}): the steps a rate search held, and the steps the load generator's
 * health vouches for under a given SLO. One place, so a class is judged exactly as the run is.
 */
final class SloSteps {
  private SloSteps() {}

  /** The steps a rate search held (their records are in the HOLD phase), in order. */
  static Set<Integer> holdSteps(List<RequestRecord> records) {
    return records.stream()
        .filter(r -> r.level().phase() == RequestPhase.HOLD)
        .map(r -> r.level().step())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * The load generator's health judged against the tighter of {@code slo}'s latency limits; null
   * when not measured.
   */
  static LoadGeneratorHealth withSloLimit(LoadGeneratorHealth loadGenerator, Slo slo) {
    return loadGenerator == null
        ? null
        : loadGenerator.withSloLimit(Math.min(slo.ttftP95LimitMillis(), slo.gapP95LimitMillis()));
  }

  /**
   * The steps the SLO verdict may use: it leaves out the steps where the load generator's own delay
   * could move a latency across a limit.
   */
  static List<StepStats> vouched(List<StepStats> steps, LoadGeneratorHealth health) {
    return health == null
        ? steps
        : steps.stream().filter(s -> !health.leftOutOfSlo(s.step())).toList();
  }

  /**
   * The steps that are load levels: all of them, except a launch spike's base after the burst
   * ({@link BurstPlan#AFTER_STEP}), which is the queue's drain at a level the run already measured
   * in steady state: judged by load, it would read as the same rate failing.
   */
  static List<StepStats> loadLevels(List<StepStats> steps, CapacityOptions options) {
    return options.burst().isEmpty()
        ? steps
        : steps.stream().filter(s -> s.step() != BurstPlan.AFTER_STEP).toList();
  }
}
