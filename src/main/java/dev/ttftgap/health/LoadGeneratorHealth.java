package dev.ttftgap.health;

import java.util.List;

/**
 * The load generator's health in a run: per step and overall, as {@link LoadGeneratorAnalysis}
 * finds it. This is where the SLO verdict reads which steps it may use ({@link #unvouched}).
 *
 * @param steps per measured step (warm-up left out), in step order
 * @param run over all measured steps together
 * @param maxEventLoopDelayP99Millis the threshold the steps were judged against, ms
 * @param maxInjectionLagP99Millis the threshold the steps were judged against, ms
 */
public record LoadGeneratorHealth(
    List<LoadGeneratorStep> steps,
    LoadGeneratorStep run,
    double maxEventLoopDelayP99Millis,
    double maxInjectionLagP99Millis) {

  public LoadGeneratorHealth {
    steps = List.copyOf(steps);
  }

  /** The step's health, or null when no sample fell in it. */
  public LoadGeneratorStep step(int step) {
    return steps.stream()
        .filter(s -> s.step() != null && s.step() == step)
        .findFirst()
        .orElse(null);
  }

  /** Whether the load generator measured step {@code step} and cannot vouch for it. */
  public boolean unvouched(int step) {
    LoadGeneratorStep health = step(step);
    return health != null && health.unvouched();
  }

  /** The indexes of the steps the load generator cannot vouch for, in order. */
  public List<Integer> unvouchedSteps() {
    return steps.stream()
        .filter(LoadGeneratorStep::unvouched)
        .map(LoadGeneratorStep::step)
        .toList();
  }
}
