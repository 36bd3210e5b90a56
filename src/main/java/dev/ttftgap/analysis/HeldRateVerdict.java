package dev.ttftgap.analysis;

import java.util.List;
import java.util.Set;

/**
 * The SLO verdict of a search run: the highest held rate that passed, and the lowest rate above it
 * that failed (see {@link SloEvaluator}).
 */
final class HeldRateVerdict {
  private HeldRateVerdict() {}

  /**
   * The verdict of a search run: its highest passing hold, proved by holding it; null when none
   * passed.
   */
  static SloVerdict of(
      List<StepStats> byLoad,
      CapacityOptions options,
      Set<Integer> holdSteps,
      List<Integer> transients,
      Double saturationRate) {
    StepStats best = null;
    for (StepStats step : byLoad) {
      if (holdSteps.contains(step.step()) && SloEvaluator.passes(step, options)) {
        best = step;
      }
    }
    if (best == null) {
      return null;
    }
    double rate = best.rate();
    StepStats failing =
        byLoad.stream()
            .filter(s -> s.rate() > rate && !SloEvaluator.passes(s, options))
            .findFirst()
            .orElse(null);
    SloVerdictDraft v = new SloVerdictDraft(options, false, transients);
    v.lastPassing = best;
    v.firstFailing = failing;
    v.method = SloMethod.HELD;
    v.rateLow = rate;
    v.rateHigh = failing == null ? saturationRate : failing.rate();
    if (failing != null) {
      List<String> broken = SloEvaluator.broken(failing, options);
      v.limiting = broken.isEmpty() ? null : broken.get(0);
    }
    v.held = HeldRate.of(best, best.step(), rate, failing == null ? null : failing.rate());
    return v.build(rate);
  }
}
