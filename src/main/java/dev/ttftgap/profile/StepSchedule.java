package dev.ttftgap.profile;

import dev.ttftgap.analysis.Slo;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The timeline of a run, from its load model: the warm-up, then each step, with start and end as
 * offsets from the start of the run, their labels, and the injection steps that produce them.
 *
 * <p>Algorithm overview: the warm-up occupies {@code [0, warmup)}; each step follows the previous
 * one and lasts {@code ramp + stepDuration}, where the ramp (from the previous level) is present
 * when {@code rampSeconds > 0} and there is a previous level. Worked example, warm-up 1 rps × 5 s,
 * steps 2, 4 rps × 20 s, ramp 0: warm-up {@code [0, 5000)}, step 1 {@code [5000, 25000)}, step 2
 * {@code [25000, 45000)}, total 45000 ms; with a 2 s ramp: step 1 {@code [5000, 27000)}, step 2
 * {@code [27000, 49000)}.
 *
 * <p>A launch spike ({@link Load#burst()}) holds its three steps for its before, burst and after
 * seconds; a trace replay ({@link Load#trace()}) makes one step per window of the trace, and only
 * the warm-up is an injection step: the replay's arrivals are {@link #traceArrivalsMillis()}.
 *
 * <p>Labels: {@code "warm-up · 1 rps"}, {@code "step 3 · 6 rps"}, {@code "step 2 · 16 users"}
 * (closed, {@code "1 user"} in the singular). Step numbers are zero-padded to the width of the
 * highest one when there are more than 9 steps ({@code "step 03 · ..."}), so labels sort in run
 * order. Levels print without trailing zeros ({@code 0.5}, {@code 6}). Labels use only letters,
 * digits, spaces, {@code '·'}, {@code '-'} and {@code '.'}: no {@code #}, {@code $} or braces, so
 * Gatling's expression language (group names are expressions) leaves them as written.
 *
 * <p>Step of a user ({@link #stepAt}): the one whose interval holds the user's injection offset,
 * with a tolerance at each step start, because the glue measures the offset against its own start
 * reference, a few milliseconds away from Gatling's injector clock. Assumptions: the reference is
 * taken when the first user runs, so offsets err slightly early; a user measured up to {@link
 * #boundaryToleranceMillis(int)} before a step's start belongs to that step. Parameters: the
 * tolerance is {@code min(250 ms, half the previous step's inter-arrival time)} in the open model
 * ({@code 500 / previousRate} ms, so a genuine last arrival of the previous step is never moved),
 * 50 ms in the closed model, 0 for the first phase. Offsets before 0 belong to the first phase,
 * offsets after the end to the last step.
 */
public final class StepSchedule {
  static final long MAX_TOLERANCE_MILLIS = 250;
  static final long CLOSED_TOLERANCE_MILLIS = 50;

  private final Load load;
  private final List<Step> steps;
  private final List<InjectionStep> injectionSteps;

  private StepSchedule(Load load, List<Step> steps, List<InjectionStep> injectionSteps) {
    this.load = load;
    this.steps = List.copyOf(steps);
    this.injectionSteps = List.copyOf(injectionSteps);
  }

  /** The timeline of {@code load}. */
  public static StepSchedule of(Load load) {
    List<Step> steps = new ArrayList<>();
    List<InjectionStep> injections = new ArrayList<>();
    long offsetMillis = 0;
    Double previousLevel = null;
    if (load.warmup().isPresent()) {
      Warmup warmup = load.warmup().get();
      long endMillis = warmup.durationSeconds() * 1000L;
      steps.add(
          new Step(
              0,
              "warm-up · " + levelText(warmup.level(), load),
              warmup.level(),
              0,
              endMillis,
              true));
      injections.add(constant(load, warmup.level(), warmup.durationSeconds()));
      offsetMillis = endMillis;
      previousLevel = warmup.level();
    }
    int count = load.steps().size();
    int width = count > 9 ? String.valueOf(count).length() : 1;
    for (int i = 0; i < count; i++) {
      double level = load.steps().get(i);
      boolean ramped = load.rampSeconds() > 0 && previousLevel != null;
      int holdSeconds = holdSeconds(load, i);
      long durationMillis = (ramped ? load.rampSeconds() * 1000L : 0) + holdSeconds * 1000L;
      String number = String.format("%0" + width + "d", i + 1);
      steps.add(
          new Step(
              i + 1,
              "step " + number + " · " + levelText(level, load),
              level,
              offsetMillis,
              offsetMillis + durationMillis,
              false));
      if (ramped) {
        injections.add(ramp(load, previousLevel, level, load.rampSeconds()));
      }
      if (load.trace().isEmpty()) {
        injections.add(constant(load, level, holdSeconds));
      }
      offsetMillis += durationMillis;
      previousLevel = level;
    }
    return new StepSchedule(load, steps, injections);
  }

  /**
   * How long step {@code i} (0-based) holds its level: a burst's before, burst and after seconds, a
   * trace's window (the last one possibly shorter), else {@code stepDurationSeconds}.
   */
  private static int holdSeconds(Load load, int i) {
    if (load.burst().isPresent()) {
      Burst burst = load.burst().get();
      return List.of(burst.beforeSeconds(), burst.burstSeconds(), burst.afterSeconds()).get(i);
    }
    if (load.trace().isPresent()) {
      Trace trace = load.trace().get();
      return (int) ((trace.windowEndMillis(i) - trace.windowStartMillis(i)) / 1000);
    }
    return load.stepDurationSeconds();
  }

  /**
   * True for the open model (map to {@code injectOpen}), false for closed ({@code injectClosed}).
   */
  public boolean open() {
    return load.open();
  }

  /** All phases in run order: the warm-up first (index 0) when there is one, then the steps. */
  public List<Step> steps() {
    return steps;
  }

  /** The load steps only (index 1..), without the warm-up. */
  public List<Step> measuredSteps() {
    return steps.stream().filter(step -> !step.warmup()).toList();
  }

  /** The warm-up, when the profile has one. */
  public Optional<Step> warmup() {
    return steps.get(0).warmup() ? Optional.of(steps.get(0)) : Optional.empty();
  }

  /** The load steps at which the SLO is asserted (level ≤ {@code slo.assertUpToLevel}). */
  public List<Step> assertedSteps(Slo slo) {
    return measuredSteps().stream().filter(step -> slo.assertedAt(step.level())).toList();
  }

  /**
   * Every arrival's offset from the start of the run, ms, when the load replays a trace ({@link
   * Load#trace()}): the glue injects these instead of {@link #injectionSteps()}; empty otherwise.
   */
  public Optional<List<Long>> traceArrivalsMillis() {
    long start = warmup().map(Step::endMillis).orElse(0L);
    return load.trace()
        .map(trace -> trace.offsetsMillis().stream().map(offset -> start + offset).toList());
  }

  /** Run length: end of the last step, ms. */
  public long totalDurationMillis() {
    return steps.get(steps.size() - 1).endMillis();
  }

  /**
   * The phase a user injected {@code elapsedMillis} after the start of the run belongs to (see the
   * class comment for the boundary tolerance).
   */
  public Step stepAt(long elapsedMillis) {
    for (int i = steps.size() - 1; i > 0; i--) {
      Step step = steps.get(i);
      if (elapsedMillis >= step.startMillis() - boundaryToleranceMillis(i)) {
        return step;
      }
    }
    return steps.get(0);
  }

  /**
   * How early (ms) before the start of {@code steps().get(position)} a user still belongs to it:
   * {@code min(250, 500 / previousRate)} in the open model, 50 in the closed model, 0 for the first
   * phase. Example: after a 10 rps step, 50 ms; after a 1 rps step, 250 ms.
   */
  public long boundaryToleranceMillis(int position) {
    if (position <= 0) {
      return 0;
    }
    if (!load.open()) {
      return CLOSED_TOLERANCE_MILLIS;
    }
    double previousRate = steps.get(position - 1).level();
    return Math.min(MAX_TOLERANCE_MILLIS, (long) Math.floor(500.0 / previousRate));
  }

  /**
   * Injection steps producing this timeline, in order, to chain into one {@code injectOpen} or
   * {@code injectClosed}; their durations add up to {@link #totalDurationMillis()}. A trace replay
   * has only its warm-up's (none without a warm-up): the glue injects {@link
   * #traceArrivalsMillis()} after them.
   */
  public List<InjectionStep> injectionSteps() {
    return injectionSteps;
  }

  private static InjectionStep constant(Load load, double level, int durationSeconds) {
    InjectionStep.Kind kind =
        !load.open()
            ? InjectionStep.Kind.CONSTANT_CONCURRENCY
            : poisson(load)
                ? InjectionStep.Kind.CONSTANT_RATE_RANDOMIZED
                : InjectionStep.Kind.CONSTANT_RATE;
    return new InjectionStep(kind, level, level, durationSeconds);
  }

  private static InjectionStep ramp(Load load, double from, double to, int durationSeconds) {
    InjectionStep.Kind kind =
        !load.open()
            ? InjectionStep.Kind.RAMP_CONCURRENCY
            : poisson(load)
                ? InjectionStep.Kind.RAMP_RATE_RANDOMIZED
                : InjectionStep.Kind.RAMP_RATE;
    return new InjectionStep(kind, from, to, durationSeconds);
  }

  private static boolean poisson(Load load) {
    return load.arrivals().orElse(Load.Arrivals.UNIFORM) == Load.Arrivals.POISSON;
  }

  private static String levelText(double level, Load load) {
    String number = formatLevel(level);
    if (load.open()) {
      return number + " rps";
    }
    return number + (level == 1 ? " user" : " users");
  }

  /** {@code 6.0} → {@code "6"}, {@code 0.5} → {@code "0.5"}. */
  static String formatLevel(double level) {
    return BigDecimal.valueOf(level).stripTrailingZeros().toPlainString();
  }
}
