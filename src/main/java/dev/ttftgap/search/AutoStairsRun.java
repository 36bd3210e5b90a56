package dev.ttftgap.search;

import dev.ttftgap.analysis.Percentiles;
import dev.ttftgap.profile.AutoStairs;
import dev.ttftgap.profile.Load;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.Fmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
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
  private final List<Long> singleUserE2eMillis = new ArrayList<>();
  private final BurstThroughput burstThroughput = new BurstThroughput();
  private final Admitted singleUser;
  private final Admitted burst;

  private Stage stage = Stage.SINGLE_USER;
  private long stageStartMillis;
  private int singleUserSent;
  private long burstWindowMillis;
  private long burstStartMillis;
  private @Nullable Double serviceTimeMillis;
  private @Nullable AutoStairsPlan plan;
  private @Nullable StepSchedule stairs;
  private long stairsStartMillis;
  private int currentStep;
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
              pending.isEmpty()
                      && singleUserSent < config.singleUserRequests()
                      && nowMillis < stageStartMillis + config.singleUserSeconds() * 1000L
                  ? singleUser
                  : null;
          case BURST ->
              pending.size() < config.burstConcurrency()
                      && nowMillis < stageStartMillis + burstWindowMillis
                  ? burst
                  : null;
          case STAIRS -> stairsAdmit(nowMillis);
          case DRAIN, DONE -> null;
        };
    if (admitted == null) {
      return null;
    }
    if (stage == Stage.SINGLE_USER) {
      singleUserSent++;
    }
    pending.put(userId, stage);
    return admitted;
  }

  private @Nullable Admitted stairsAdmit(long nowMillis) {
    Step step = stepAtStairs(nowMillis);
    if (step == null) {
      return null;
    }
    if (step.index() != currentStep) {
      currentStep = step.index();
      thinning.restart();
    }
    if (!thinning.admits(step.level(), combRate)) {
      return null;
    }
    return new Admitted(RequestPhase.STEP, step.index(), step.label(), step.level(), null);
  }

  /** A request ended at {@code nowMillis}: its record, as written. */
  public synchronized void onRecord(RequestRecord record, long nowMillis) {
    Stage admittedIn = pending.remove(record.identity().userId());
    if (admittedIn == Stage.SINGLE_USER && record.ok() && record.timings().e2eMillis() != null) {
      singleUserE2eMillis.add(record.timings().e2eMillis());
    } else if (admittedIn == Stage.BURST && record.ok()) {
      Long decode =
          record.timings().e2eMillis() == null || record.timings().ttftMillis() == null
              ? null
              : Math.max(0, record.timings().e2eMillis() - record.timings().ttftMillis());
      burstThroughput.add(
          new BurstThroughput.Completion(nowMillis, decode, record.output().outputTokens()));
    }
  }

  /** Advances the run: ends a phase whose time has come, starts the next. */
  public synchronized void tick(long nowMillis) {
    switch (stage) {
      case SINGLE_USER -> {
        long end = stageStartMillis + config.singleUserSeconds() * 1000L;
        boolean allSent = singleUserSent >= config.singleUserRequests();
        boolean over = nowMillis >= end || allSent;
        if (over && (pending.isEmpty() || nowMillis >= end + MAX_WAIT_MILLIS)) {
          endSingleUser(nowMillis);
        }
      }
      case BURST -> {
        if (nowMillis >= stageStartMillis + burstWindowMillis) {
          endBurst(nowMillis);
        }
      }
      case DRAIN -> {
        if (pending.isEmpty() || nowMillis - stageStartMillis >= MAX_WAIT_MILLIS) {
          startStairs(nowMillis);
        }
      }
      case STAIRS -> {
        Step step = stepAtStairs(nowMillis);
        if (step == null) {
          done("the auto stairs ran their " + stairs.measuredSteps().size() + " steps", nowMillis);
        }
      }
      case DONE -> {}
    }
  }

  /** The step under way {@code elapsedMillis} into the run: 1.. on the stairs, else 0. */
  public synchronized int stepAt(long elapsedMillis) {
    Step step = stairs == null ? null : stepAtStairs(elapsedMillis);
    return step == null ? 0 : step.index();
  }

  private void endSingleUser(long nowMillis) {
    List<Long> e2e =
        singleUserE2eMillis.size() >= 3
            ? singleUserE2eMillis.subList(1, singleUserE2eMillis.size())
            : singleUserE2eMillis;
    serviceTimeMillis = Percentiles.median(e2e).orElse(null);
    log.accept(
        String.format(
            Locale.ROOT,
            "ttft-gap: calibration · single user: %d sent, %d succeeded, e2e median %s",
            singleUserSent,
            singleUserE2eMillis.size(),
            Fmt.ms(serviceTimeMillis)));
    long shortest = config.burstSeconds() * 1000L;
    long fromService = serviceTimeMillis == null ? 0 : Math.round(4 * serviceTimeMillis);
    burstWindowMillis = Math.min(config.burstMaxSeconds() * 1000L, Math.max(shortest, fromService));
    start(Stage.BURST, nowMillis);
  }

  /**
   * The burst's window has passed: lengthened when too few requests ended in its steady part, else
   * the drain begins (the estimate waits for the requests still streaming).
   */
  private void endBurst(long nowMillis) {
    burstStartMillis = stageStartMillis;
    long windowEnd = burstStartMillis + burstWindowMillis;
    long steady = burstThroughput.endedWithin(steadyFromMillis(), windowEnd);
    long bound = config.burstMaxSeconds() * 1000L;
    if (steady < MIN_STEADY_COMPLETIONS && burstWindowMillis < bound) {
      burstWindowMillis = Math.min(bound, 2 * burstWindowMillis);
      return;
    }
    if (burstThroughput.endedWithin(burstStartMillis, windowEnd) == 0) {
      done(
          "the burst of "
              + config.burstConcurrency()
              + " completed no request in "
              + AutoStairsPlan.level(burstWindowMillis / 1000.0)
              + " s, so the stairs cannot be sized; check the target, or give the steps as a"
              + " list",
          nowMillis);
      return;
    }
    start(Stage.DRAIN, nowMillis);
  }

  private long steadyFromMillis() {
    return burstStartMillis + burstWindowMillis / 4;
  }

  /** Every burst request has ended (or the drain's bound has passed): the estimate, the stairs. */
  private void startStairs(long nowMillis) {
    long windowEnd = burstStartMillis + burstWindowMillis;
    double seconds = burstWindowMillis / 1000.0;
    Double estimate = burstThroughput.ratePerSecond(steadyFromMillis(), windowEnd);
    log.accept(
        String.format(
            Locale.ROOT,
            "ttft-gap: calibration · burst of %d: %d completed in %s s, %d in its last three"
                + " quarters; %s req/s from the %s streamed there",
            config.burstConcurrency(),
            burstThroughput.endedWithin(burstStartMillis, windowEnd),
            AutoStairsPlan.level(seconds),
            burstThroughput.endedWithin(steadyFromMillis(), windowEnd),
            estimate == null ? Fmt.UNDEFINED : Fmt.decimals(estimate, 3),
            burstThroughput.fromTokens() ? "tokens" : "completions"));
    if (estimate == null) {
      done(
          "the burst streamed nothing in its steady part, so the stairs cannot be sized",
          nowMillis);
      return;
    }
    AutoStairsPlan placed =
        AutoStairsPlan.of(config, load.stepDurationSeconds(), estimate, serviceTimeMillis, seconds);
    plan = placed;
    stairs =
        StepSchedule.of(
            new Load(
                Load.Type.OPEN,
                load.arrivals(),
                Optional.empty(),
                placed.ratesPerSec(),
                placed.stepDurationSeconds(),
                0));
    stairsStartMillis = nowMillis;
    log.accept("ttft-gap: " + placed.sentence());
    start(Stage.STAIRS, nowMillis);
  }

  private @Nullable Step stepAtStairs(long nowMillis) {
    long offset = nowMillis - stairsStartMillis;
    if (stairs == null || offset < 0) {
      return null;
    }
    for (Step step : stairs.measuredSteps()) {
      if (offset < step.endMillis()) {
        return step;
      }
    }
    return null;
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
