package dev.ttftgap.search;

import dev.ttftgap.profile.AutoStairs;
import dev.ttftgap.profile.Load;
import dev.ttftgap.profile.Step;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Stairs that size themselves from the target, in one run: calibrate, then offer stairs around the
 * estimate, like GuideLLM's {@code sweep}, ending in the ordinary capacity report.
 *
 * <p>Algorithm overview:
 *
 * <ol>
 *   <li><b>Single user</b>: one request at a time, {@code singleUserRequests} of them or {@code
 *       singleUserSeconds}, whichever ends first (a request still open then is waited for, at most
 *       {@value #MAX_WAIT_MILLIS} ms). S = median e2e of those that succeeded, the first left out
 *       when three or more did (it pays the connection).
 *   <li><b>Burst</b>: {@code burstConcurrency} requests kept in flight (each that ends is replaced)
 *       for {@code max(burstSeconds, 4 × S)}, at most {@code burstMaxSeconds}. Fewer than {@value
 *       #MIN_STEADY_COMPLETIONS} successful completions in its last three quarters (the first
 *       quarter fills the server's batch and queue) double the burst, up to its bound; none at all
 *       ends the run without stairs.
 *   <li><b>Drain</b>: nobody admitted until the burst's requests have ended (at most {@value
 *       #MAX_WAIT_MILLIS} ms), so the first step does not inherit its queue. Then μ̂ = the
 *       requests/s the server streamed in the burst's last three quarters ({@link BurstThroughput}:
 *       from the tokens, which come steadily where completions come in waves).
 *   <li><b>Stairs</b>: {@link AutoStairsPlan} places the steps, printed before they start; each is
 *       an ordinary step (phase {@code step}, numbered 1.., labelled "step 3 · 0.945 rps").
 * </ol>
 *
 * <p>Calibration requests carry phase {@link RequestPhase#CALIBRATION} and step 0, so every step
 * statistic leaves them out. Completion times are this class's clock ({@code nowMillis} of {@link
 * #onRecord}), the same as the admissions', never the records' epoch stamps.
 *
 * <p>Arrivals: the load generator offers candidate arrivals at {@link #combRate}; {@link #admit}
 * takes the calibration's as needed and thins the rest to each step's rate ({@link CombThinning}).
 * Assumptions: one request per virtual user (open model).
 *
 * <p>Usage, as the Gatling glue drives it:
 *
 * <pre>{@code
 * AutoStairsRun run = new AutoStairsRun(load, System.out::println);
 * // for each candidate arrival of the comb:
 * AutoStairsRun.Admitted slot = run.admit(userId, elapsedMillis);   // null: not admitted
 * // for each finished request:
 * run.onRecord(record, elapsedMillis);
 * // every 100 ms:
 * run.tick(elapsedMillis);
 * // when run.finished(): stop the load generator
 * }</pre>
 *
 * <p>The parts: {@link Calibration} measures the single user and the burst, {@link AutoStairsPlan}
 * places the stairs, {@link PlacedStairs} runs them; this class holds the stages and the clock.
 */
public final class AutoStairsRun {
  static final long MAX_WAIT_MILLIS = 60_000;
  static final int MIN_STEADY_COMPLETIONS = 4;
  static final double MIN_COMB_RATE = 64;

  /** Where the run is. */
  public enum Stage {
    SINGLE_USER,
    BURST,
    DRAIN,
    STAIRS,
    DONE
  }

  /**
   * What an admitted request is part of: the values its record carries.
   *
   * @param phase calibration or step
   * @param step 0 for the calibration, 1.. for the stairs
   * @param label Gatling group and record label, e.g. {@code "calibration · burst of 32"}
   * @param rate the step's rate, requests/s; null in the calibration
   * @param users requests kept in flight in the calibration; null in the stairs
   */
  public record Admitted(
      RequestPhase phase, int step, String label, @Nullable Double rate, @Nullable Integer users) {}

  private final AutoStairs config;
  private final Load load;
  private final Consumer<String> log;
  private final double combRate;
  private final CombThinning thinning;
  private final Map<Long, Stage> pending = new HashMap<>();
  private final Calibration calibration;
  private final Admitted singleUser;
  private final Admitted burst;

  private Stage stage = Stage.SINGLE_USER;
  private long stageStartMillis;
  private @Nullable AutoStairsPlan plan;
  private @Nullable PlacedStairs stairs;
  private @Nullable String outcome;

  /**
   * @param load an open load with auto stairs ({@code load.autoStairs()} present)
   * @param log receives one line per phase that ends, and the stairs before they start
   */
  public AutoStairsRun(Load load, Consumer<String> log) {
    this.config = load.autoStairs().orElseThrow();
    this.load = load;
    this.log = log;
    this.combRate = combRate(config);
    this.calibration = new Calibration(config);
    this.thinning =
        new CombThinning(load.arrivals().orElse(Load.Arrivals.UNIFORM) == Load.Arrivals.POISSON);
    this.singleUser =
        new Admitted(RequestPhase.CALIBRATION, 0, "calibration · single user", null, 1);
    int n = config.burstConcurrency();
    this.burst = new Admitted(RequestPhase.CALIBRATION, 0, "calibration · burst of " + n, null, n);
  }

  /**
   * The rate of candidate arrivals the load generator should offer: 4 × maxRate, at least {@value
   * #MIN_COMB_RATE}/s, so a step at maxRate takes one candidate in four and the burst refills
   * within milliseconds.
   */
  public static double combRate(AutoStairs config) {
    return Math.max(MIN_COMB_RATE, 4 * config.maxRate());
  }

  /**
   * A bound on the whole run, s: the single-user phase and its wait, the longest burst, the drain
   * and every step at its longest.
   */
  public static long maxDurationSeconds(AutoStairs config) {
    return config.singleUserSeconds()
        + 2 * MAX_WAIT_MILLIS / 1000
        + config.burstMaxSeconds()
        + (long) config.fractions().size() * config.maxStepSeconds();
  }

  /** The comb rate this run thins, candidates/s. */
  public double combRate() {
    return combRate;
  }

  /** Where the run is. */
  public synchronized Stage stage() {
    return stage;
  }

  /** The stairs, once placed; empty during the calibration and when it failed. */
  public synchronized Optional<AutoStairsPlan> plan() {
    return Optional.ofNullable(plan);
  }

  /** How the run ended, in words; null while it runs. */
  public synchronized @Nullable String outcome() {
    return outcome;
  }

  /** Requests admitted and not yet ended. */
  public synchronized int inFlight() {
    return pending.size();
  }

  /** True when the stairs are over (or could not be placed) and every request has ended. */
  public synchronized boolean finished() {
    return stage == Stage.DONE && pending.isEmpty();
  }

  /**
   * Whether the candidate arrival of {@code userId} at {@code nowMillis} (since the run started) is
   * admitted; what it belongs to, or null.
   */
  public synchronized @Nullable Admitted admit(long userId, long nowMillis) {
    Admitted admitted =
        switch (stage) {
          case SINGLE_USER ->
              calibration.singleUserAdmits(pending.isEmpty(), nowMillis, stageStartMillis)
                  ? singleUser
                  : null;
          case BURST ->
              calibration.burstAdmits(pending.size(), nowMillis, stageStartMillis) ? burst : null;
          case STAIRS -> stairs == null ? null : stairs.admit(nowMillis, thinning, combRate);
          case DRAIN, DONE -> null;
        };
    if (admitted == null) {
      return null;
    }
    if (stage == Stage.SINGLE_USER) {
      calibration.singleUserSent();
    }
    pending.put(userId, stage);
    return admitted;
  }

  /** A request ended at {@code nowMillis}: its record, as written. */
  public synchronized void onRecord(RequestRecord record, long nowMillis) {
    Stage admittedIn = pending.remove(record.identity().userId());
    if (admittedIn == Stage.SINGLE_USER) {
      calibration.singleUserEnded(record);
    } else if (admittedIn == Stage.BURST) {
      calibration.burstEnded(record, nowMillis);
    }
  }

  /** Advances the run: ends a phase whose time has come, starts the next. */
  public synchronized void tick(long nowMillis) {
    switch (stage) {
      case SINGLE_USER -> {
        if (calibration.singleUserOver(nowMillis, stageStartMillis, pending.isEmpty())) {
          log.accept(calibration.endSingleUser());
          start(Stage.BURST, nowMillis);
        }
      }
      case BURST -> {
        if (calibration.burstWindowOver(nowMillis, stageStartMillis)) {
          endBurst(nowMillis);
        }
      }
      case DRAIN -> {
        if (pending.isEmpty() || nowMillis - stageStartMillis >= MAX_WAIT_MILLIS) {
          startStairs(nowMillis);
        }
      }
      case STAIRS -> {
        Step step = stairs == null ? null : stairs.stepAt(nowMillis);
        if (step == null) {
          done("the auto stairs ran their " + stairs.size() + " steps", nowMillis);
        }
      }
      case DONE -> {}
    }
  }

  /** The step under way {@code elapsedMillis} into the run: 1.. on the stairs, else 0. */
  public synchronized int stepAt(long elapsedMillis) {
    Step step = stairs == null ? null : stairs.stepAt(elapsedMillis);
    return step == null ? 0 : step.index();
  }

  /**
   * The burst's window has passed: lengthened when too few requests ended in its steady part, else
   * the drain begins (the estimate waits for the requests still streaming).
   */
  private void endBurst(long nowMillis) {
    switch (calibration.endBurst(stageStartMillis)) {
      case LENGTHENED -> {}
      case EMPTY -> done(calibration.emptyBurst(), nowMillis);
      case ENDED -> start(Stage.DRAIN, nowMillis);
    }
  }

  /** Every burst request has ended (or the drain's bound has passed): the estimate, the stairs. */
  private void startStairs(long nowMillis) {
    Double estimate = calibration.estimate();
    log.accept(calibration.burstLine(estimate));
    if (estimate == null) {
      done(
          "the burst streamed nothing in its steady part, so the stairs cannot be sized",
          nowMillis);
      return;
    }
    AutoStairsPlan placed =
        AutoStairsPlan.of(
            config,
            load.stepDurationSeconds(),
            estimate,
            calibration.serviceTimeMillis(),
            calibration.burstSeconds());
    plan = placed;
    stairs = PlacedStairs.of(placed, load, nowMillis);
    log.accept("ttft-gap: " + placed.sentence());
    start(Stage.STAIRS, nowMillis);
  }

  private void start(Stage next, long nowMillis) {
    stage = next;
    stageStartMillis = nowMillis;
  }

  private void done(String why, long nowMillis) {
    outcome = why;
    log.accept("ttft-gap: " + why);
    start(Stage.DONE, nowMillis);
  }
}
