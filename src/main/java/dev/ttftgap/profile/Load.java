package dev.ttftgap.profile;

import dev.ttftgap.validation.NonNull;
import java.util.List;
import java.util.Optional;

/**
 * The load to offer: an optional warm-up, then stairs of levels.
 *
 * <p>Open model: each level is an arrival rate (requests/s) whatever the server's speed, arrivals
 * evenly spaced ({@link Arrivals#UNIFORM}) or Poisson-like ({@link Arrivals#POISSON}). Closed
 * model: each level is a number of users, each sending its next request when the previous one ends.
 *
 * <p>Each step holds its level for {@code stepDurationSeconds}; with {@code rampSeconds > 0} it is
 * preceded by a linear ramp from the previous level (warm-up's or previous step's) that belongs to
 * the step, so a step lasts {@code rampSeconds + stepDurationSeconds}. The first step has no ramp
 * when there is no warm-up. See {@link StepSchedule} for the timeline.
 *
 * @param type open or closed
 * @param arrivals how arrivals are spaced (open model only; empty for closed)
 * @param warmup load before the first step, out of the statistics
 * @param steps levels of the steps, in order: requests/s (open) or whole numbers of users (closed)
 * @param stepDurationSeconds how long each step holds its level, seconds
 * @param rampSeconds ramp before each step (after the first, unless there is a warm-up); default 0
 * @param search the rate search, when the profile's model is {@code "search"}
 * @param autoStairs stairs sized from the target ({@code "steps": "auto"}); then {@code steps}
 *     holds the fractions of the estimate and the rates come at run time
 * @param stopWhenSaturated whether open stairs stop once a step is saturated and its backlog rises
 *     ({@code "stopWhenSaturated"}); empty: the default for the target (on for an external one)
 * @param burst a launch spike ({@code "burst"}): base, burst, base; then {@code steps} holds the
 *     three rates and the steps last as the burst says
 * @param trace an arrival trace to replay ({@code "trace"}); then {@code steps} holds the rate the
 *     trace offers in each window
 */
public record Load(
    Type type,
    Optional<Arrivals> arrivals,
    Optional<Warmup> warmup,
    List<Double> steps,
    int stepDurationSeconds,
    int rampSeconds,
    Optional<Search> search,
    Optional<AutoStairs> autoStairs,
    Optional<Boolean> stopWhenSaturated,
    Optional<Burst> burst,
    Optional<Trace> trace) {

  /** Open (arrival rates) or closed (fixed concurrency). */
  public enum Type {
    OPEN,
    CLOSED
  }

  /** How arrivals are spaced in the open model. */
  public enum Arrivals {
    /** Evenly spaced: {@code 1/rate} apart. */
    UNIFORM,
    /**
     * Exponential inter-arrival times (Gatling's {@code randomized()}; its seed is not settable).
     */
    POISSON
  }

  public Load {
    NonNull.check(
        "type arrivals warmup search autoStairs stopWhenSaturated burst trace",
        type,
        arrivals,
        warmup,
        search,
        autoStairs,
        stopWhenSaturated,
        burst,
        trace);
    steps = List.copyOf(steps);
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("at least one step");
    }
    if ((type == Type.OPEN) != arrivals.isPresent()) {
      throw new IllegalArgumentException("arrivals are given for the open model only");
    }
  }

  /**
   * Plain stairs: no search, no auto stairs, {@code stopWhenSaturated} left to the target's
   * default. The other modes start here and add theirs with {@link #withSearch}, {@link
   * #withAutoStairs} and {@link #withStopWhenSaturated}, so each call site names the part it sets.
   */
  public Load(
      Type type,
      Optional<Arrivals> arrivals,
      Optional<Warmup> warmup,
      List<Double> steps,
      int stepDurationSeconds,
      int rampSeconds) {
    this(
        type,
        arrivals,
        warmup,
        steps,
        stepDurationSeconds,
        rampSeconds,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** This load with {@code stopWhenSaturated} as given. */
  public Load withStopWhenSaturated(Optional<Boolean> stop) {
    return withModes(search, autoStairs, stop, burst, trace);
  }

  /** This load as a launch spike (its steps hold the base, burst and base rates). */
  public Load withBurst(Burst spike) {
    return withModes(search, autoStairs, stopWhenSaturated, Optional.of(spike), trace);
  }

  /** This load as the replay of {@code replay} (its steps hold the rate of each window). */
  public Load withTrace(Trace replay) {
    return withModes(search, autoStairs, stopWhenSaturated, burst, Optional.of(replay));
  }

  /** This load driven by {@code search} (its steps hold only the starting rate). */
  public Load withSearch(Search search) {
    return withModes(Optional.of(search), autoStairs, stopWhenSaturated, burst, trace);
  }

  /** This load with stairs sized at run time by {@code auto} (its steps hold the fractions). */
  public Load withAutoStairs(AutoStairs auto) {
    return withModes(search, Optional.of(auto), stopWhenSaturated, burst, trace);
  }

  private Load withModes(
      Optional<Search> search,
      Optional<AutoStairs> autoStairs,
      Optional<Boolean> stop,
      Optional<Burst> burst,
      Optional<Trace> trace) {
    return new Load(
        type,
        arrivals,
        warmup,
        steps,
        stepDurationSeconds,
        rampSeconds,
        search,
        autoStairs,
        stop,
        burst,
        trace);
  }

  public boolean open() {
    return type == Type.OPEN;
  }

  /** Unit of a level as shown in labels: {@code "rps"} (open) or {@code "users"} (closed). */
  public String levelUnit() {
    return open() ? "rps" : "users";
  }
}
