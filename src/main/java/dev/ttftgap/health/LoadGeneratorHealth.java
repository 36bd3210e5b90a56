package dev.ttftgap.health;

import java.util.List;

/**
 * The load generator's health in a run: per step and overall, as {@link LoadGeneratorAnalysis}
 * finds it. This is where the SLO verdict reads which steps it may use ({@link #leftOutOfSlo}).
 *
 * @param steps per measured step (warm-up left out), in step order
 * @param run over all measured steps together
 * @param maxEventLoopDelayP99Millis the threshold the steps were judged against, ms
 * @param maxInjectionLagP99Millis the threshold the steps were judged against, ms
 * @param sloLimitMillis the tightest latency limit of the SLO the run is judged against, ms
 *     (infinite when the SLO limits no latency): a step the load generator cannot vouch for is left
 *     out of the SLO verdict only when its own delay reaches {@value #SLO_LIMIT_SHARE} of it
 *     ({@link #leftOutOfSlo})
 */
public record LoadGeneratorHealth(
    List<LoadGeneratorStep> steps,
    LoadGeneratorStep run,
    double maxEventLoopDelayP99Millis,
    double maxInjectionLagP99Millis,
    double sloLimitMillis) {

  /**
   * The share of the tightest SLO limit the load generator's own delay (event-loop delay p99, stamp
   * delay p99 or injection lag p99) may reach before a step is left out of the SLO verdict: below
   * it, the delay cannot move a p95 across the limit by more than a tenth of it.
   */
  public static final double SLO_LIMIT_SHARE = 0.1;

  public LoadGeneratorHealth {
    steps = List.copyOf(steps);
  }

  /** This health judged against an SLO whose tightest latency limit is {@code limitMillis}. */
  public LoadGeneratorHealth withSloLimit(double limitMillis) {
    return new LoadGeneratorHealth(
        steps, run, maxEventLoopDelayP99Millis, maxInjectionLagP99Millis, limitMillis);
  }

  /**
   * Whether step {@code step} is left out of the SLO verdict: the load generator cannot vouch for
   * it and its own delay (event-loop delay p99, stamp delay p99 or injection lag p99) reaches
   * {@value #SLO_LIMIT_SHARE} of {@link #sloLimitMillis}.
   */
  public boolean leftOutOfSlo(int step) {
    LoadGeneratorStep health = step(step);
    if (health == null || !health.unvouched()) {
      return false;
    }
    double allowed = SLO_LIMIT_SHARE * sloLimitMillis;
    return exceeds(health.eventLoopDelayP99Millis(), allowed)
        || exceeds(health.stampDelayP99Millis(), allowed)
        || exceeds(health.injectionLagP99Millis(), allowed);
  }

  /** The indexes of the steps {@link #leftOutOfSlo}, in order. */
  public List<Integer> leftOutOfSloSteps() {
    return steps.stream().map(LoadGeneratorStep::step).filter(this::leftOutOfSlo).toList();
  }

  private static boolean exceeds(Double millis, double allowed) {
    return millis != null && millis >= allowed;
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
