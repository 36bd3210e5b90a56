package dev.ttftgap.analysis;

import java.util.List;
import java.util.Set;

/**
 * The hold of a search run that proves the joint answer of a run with request classes ({@link
 * ClassAnalysis}): the highest held rate at which every class met its own SLO, steady, as {@link
 * HeldRateVerdict} finds the whole run's for one SLO. Its figures are the mix's over the hold.
 */
final class ClassHold {
  private ClassHold() {}

  /**
   * The highest hold every class passed on the steps it was judged on, with the lowest rate above
   * it at which some class failed; null when no hold met every class's SLO.
   *
   * @param mixSteps the statistics of all records by step, whose figures the hold reports
   */
  static HeldRate of(
      List<StepStats> mixSteps, List<ClassSteps.Measured> classes, Set<Integer> holdSteps) {
    StepStats best = null;
    for (int step : holdSteps) {
      StepStats passed = passedByEvery(classes, step);
      if (passed != null && (best == null || passed.rate() > best.rate())) {
        best = passed;
      }
    }
    if (best == null) {
      return null;
    }
    double rate = best.rate();
    Double failing = null;
    for (ClassSteps.Measured measured : classes) {
      for (StepStats step : measured.judged()) {
        if (step.rate() != null
            && step.rate() > rate
            && !SloEvaluator.passes(step, measured.options())
            && (failing == null || step.rate() < failing)) {
          failing = step.rate();
        }
      }
    }
    int heldStep = best.step();
    StepStats mix = mixSteps.stream().filter(s -> s.step() == heldStep).findFirst().orElse(best);
    return HeldRate.of(mix, heldStep, rate, failing);
  }

  /** The first class's statistics of {@code step} when every class passed it; null otherwise. */
  private static StepStats passedByEvery(List<ClassSteps.Measured> classes, int step) {
    StepStats first = null;
    for (ClassSteps.Measured measured : classes) {
      StepStats own =
          measured.judged().stream().filter(s -> s.step() == step).findFirst().orElse(null);
      if (own == null || own.rate() == null || !SloEvaluator.passes(own, measured.options())) {
        return null;
      }
      first = first == null ? own : first;
    }
    return first;
  }
}
