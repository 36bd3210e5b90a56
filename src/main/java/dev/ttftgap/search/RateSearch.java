package dev.ttftgap.search;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.StepStatsCalculator;
import dev.ttftgap.profile.Search;
import dev.ttftgap.profile.Warmup;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.Fmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Finds the highest arrival rate that meets the SLO in steady state, and proves it by holding it.
 *
 * <p>Algorithm overview:
 *
 * <ol>
 *   <li><b>Climb</b>: probes at startRate, startRate × growth, … (at most maxRate), each for {@code
 *       probeSeconds}, until one fails. A first probe that fails makes it descend by the same
 *       factor instead.
 *   <li><b>Bisect</b> between the highest passing probe P and the lowest failing one F until (F −
 *       P)/P ≤ precision, or until the time left is only enough for the hold.
 *   <li><b>Hold</b> P for {@code holdSeconds}. Passed: the answer, bracketed by [P, F]. Failed: F
 *       becomes P, and P × (1 − 2 × precision) is held (never above 95 % of the ceiling below), at
 *       most {@value #MAX_HOLDS} holds in all.
 * </ol>
 *
 * <p>The ceiling: the highest throughput the server achieved in a phase that failed. Nothing at or
 * above it is sustainable, so it bounds F, and a probe that passed at or above it (a short Poisson
 * probe near capacity can look steady by chance) is discarded.
 *
 * <p>A phase passes when its step, measured by {@link StepStatsCalculator} on the records of the
 * requests that ended since it began (the others cannot weigh in it, see {@link
 * #letGoOfEndedRequests}), passes {@link SloEvaluator#passes}: every limit met and steady (no
 * growing queue); with request classes, every class's own records in the phase pass its own SLO
 * ({@link ClassPhase}), so the search holds the joint answer. It is judged once its window has
 * ended and every request admitted in the window has ended (the rate goes on meanwhile, as part of
 * the same step); a request still open {@code settle} after the window (the TTFT limit plus the
 * last passing probe's e2e p95) fails the phase: its queue did not empty. After a failed phase, a
 * drain admits nobody until every request has ended (at most {@value #MAX_DRAIN_MILLIS} ms), so the
 * next probe does not inherit its queue.
 *
 * <p>Arrivals: the load generator offers candidate arrivals at a fixed comb rate (see {@link
 * #combRate}); {@link #admit} thins them to the phase's rate. Uniform: an arrival is admitted each
 * time the accumulated credit rate/comb passes a whole number (evenly spaced to within one comb
 * interval). Poisson: each candidate of a Poisson comb is admitted with probability rate/comb,
 * which leaves a Poisson process of the phase's rate.
 *
 * <p>Assumptions: one request per virtual user (open model); the analysis of the finished records
 * ({@code CapacityAnalysis}) reads the hold steps ({@code phase = "hold"}) and reports the highest
 * passing one, so the answer never depends on this class's bookkeeping alone.
 *
 * <p>Parameters with defaults (the load profile's {@code load} fields): startRate 1, maxRate 64,
 * growth 2, probe 20 s, hold 3 × probe, precision 5 %, bound 600 s. Example on the embedded engine
 * (capacity 7.89 req/s): probes 2, 4, 8 (fails), 6, 7, 7.5, 7.75 (fails), then holds 7.5.
 *
 * <p>Usage, as the Gatling glue drives it:
 *
 * <pre>{@code
 * RateSearch search = new RateSearch(profile.load().search().orElseThrow(), slo, warmup, false, System.out::println);
 * // for each candidate arrival of the comb:
 * Phase phase = search.admit(userId, elapsedMillis);   // null: not admitted
 * // for each finished request:
 * search.onRecord(record);
 * // every 100 ms:
 * search.tick(elapsedMillis);
 * // when search.finished(): stop the load generator
 * }</pre>
 *
 * <p>About 390 lines, 70 of them this overview: the phases' transitions (climb, bisect, hold,
 * drain) share the bracket and the time budget and read best together; the bracket is {@link
 * RateBracket}, a phase's judgement {@link PhaseJudgement}.
 */
public final class RateSearch {
  static final int MAX_HOLDS = 3;
  static final long MAX_DRAIN_MILLIS = 60_000;
  static final long DEFAULT_E2E_MILLIS = 5_000;
  static final long MAX_SETTLE_MILLIS = 60_000;

  private final Search config;
  private final CapacityOptions slo;
  private final CombThinning thinning;
  private final Consumer<String> log;

  private final List<RequestRecord> records = new ArrayList<>();
  private final boolean keepEveryRecord;
  private final Map<Long, long[]> pending = new HashMap<>();

  private Phase phase;
  private Phase afterDrain;
  private int nextIndex = 1;
  private final RateBracket bracket = new RateBracket();
  private long lastE2eP95Millis = DEFAULT_E2E_MILLIS;
  private int holds;
  private String outcome;

  /**
   * @param config the load profile's search
   * @param slo the limits a phase must meet
   * @param warmup the warm-up before the first probe, if any
   * @param poisson whether the comb is a Poisson process (else evenly spaced)
   * @param log receives one line per judged phase
   */
  public RateSearch(
      Search config,
      CapacityOptions slo,
      Optional<Warmup> warmup,
      boolean poisson,
      Consumer<String> log) {
    this(config, slo, warmup, poisson, log, false);
  }

  /** As above; {@code keepEveryRecord}: never let records go (tests compare the two). */
  RateSearch(
      Search config,
      CapacityOptions slo,
      Optional<Warmup> warmup,
      boolean poisson,
      Consumer<String> log,
      boolean keepEveryRecord) {
    this.keepEveryRecord = keepEveryRecord;
    this.config = config;
    this.slo = slo;
    this.thinning = new CombThinning(poisson);
    this.log = log;
    this.phase =
        warmup
            .map(w -> new Phase(0, Phase.Kind.WARMUP, w.level(), 0, w.durationSeconds() * 1000L))
            .orElseGet(() -> probe(config.startRate(), 0));
  }

  /**
   * The rate of candidate arrivals the load generator should offer: 8 × maxRate (at least the
   * warm-up's), so uniform thinning spaces arrivals to within 1/8 of the shortest interval.
   */
  public static double combRate(Search config, Optional<Warmup> warmup) {
    return 8 * Math.max(config.maxRate(), warmup.map(Warmup::level).orElse(0.0));
  }

  /** The phase under way. */
  public synchronized Phase phase() {
    return phase;
  }

  /**
   * Whether the candidate arrival of {@code userId} at {@code nowMillis} is admitted; the phase it
   * belongs to, or null.
   */
  public synchronized Phase admit(long userId, long nowMillis, double combRate) {
    if (!phase.admits()) {
      return null;
    }
    if (!thinning.admits(phase.rate(), combRate)) {
      return null;
    }
    pending.put(userId, new long[] {phase.index(), nowMillis});
    return phase;
  }

  /** A request ended: its record, as written. */
  public synchronized void onRecord(RequestRecord record) {
    pending.remove(record.identity().userId());
    records.add(record);
  }

  /**
   * Lets go of every record in hand as a phase starts. A phase's statistics read its own requests,
   * all sent after it starts, and the other requests in flight or ending within its window; a
   * record in hand when it starts is of a request that has ended already, before its window, so it
   * weighs in no judgement to come. The search thus holds a phase's records, not the run's (1.2 KB
   * each: a million would take most of the load generator's heap).
   */
  private void letGoOfEndedRequests() {
    if (!keepEveryRecord) {
      records.clear();
    }
  }

  /** Records the search holds. */
  synchronized int heldRecords() {
    return records.size();
  }

  /** Requests admitted and not yet ended. */
  public synchronized int inFlight() {
    return pending.size();
  }

  /** True when the search has decided and every request it admitted has ended. */
  public synchronized boolean finished() {
    return phase.kind() == Phase.Kind.DONE && pending.isEmpty();
  }

  /** How the search ended, in words; null while it runs. */
  public synchronized String outcome() {
    return outcome;
  }

  /**
   * Advances the search: judges a phase whose window has ended, starts the next. The phase's
   * statistics are computed outside this object's monitor, on a copy of the records: the event
   * loops that {@link #admit} arrivals and hand over records ({@link #onRecord}) never wait for
   * them (over a long run's records they take seconds). Called from one thread.
   */
  public void tick(long nowMillis) {
    Due due = due(nowMillis);
    if (due != null) {
      Measured measured = due.measure(slo);
      synchronized (this) {
        judge(due, measured, nowMillis);
      }
    }
  }

  /**
   * Moves a warm-up or a drain on; for a probe or hold whose window has ended and whose requests
   * have ended (or whose settle time is over), what its judgement needs.
   */
  private synchronized Due due(long nowMillis) {
    switch (phase.kind()) {
      case DONE -> {
        return null;
      }
      case DRAIN -> {
        if (pending.isEmpty() || nowMillis - phase.startMillis() > MAX_DRAIN_MILLIS) {
          start(afterDrain, nowMillis);
        }
        return null;
      }
      default -> {
        long windowEnd = phase.startMillis() + phase.windowMillis();
        if (nowMillis < windowEnd) {
          return null;
        }
        long open = openInWindow(windowEnd);
        if (open > 0 && nowMillis < windowEnd + settleMillis()) {
          return null;
        }
        if (phase.kind() == Phase.Kind.WARMUP) {
          start(probe(config.startRate(), nowMillis), nowMillis);
          return null;
        }
        return new Due(phase, open, List.copyOf(records));
      }
    }
  }

  /** A phase to judge: its requests still open, and every record so far. */
  private record Due(Phase phase, long open, List<RequestRecord> records) {
    Measured measure(CapacityOptions slo) {
      StepStats stats =
          StepStatsCalculator.of(records).stream()
              .filter(s -> s.step() == phase.index())
              .findFirst()
              .orElse(null);
      return new Measured(stats, ClassPhase.of(records, slo, phase.index()));
    }
  }

  /** A phase's statistics, and its classes' when the run has request classes. */
  private record Measured(StepStats stats, List<ClassPhase> classes) {}

  private void judge(Due due, Measured measured, long nowMillis) {
    if (phase != due.phase()) {
      return; // not this phase any more: nothing else moves phases, but never judge a stale one
    }
    long open = due.open();
    StepStats stats = measured.stats();
    List<ClassPhase> classes = measured.classes();
    double rate = phase.rate();
    String failure =
        PhaseJudgement.failure(open, settleMillis(), stats, classes, slo, bracket.ceiling(), rate);
    if (failure != null && stats != null && stats.rates().achievedRate() != null) {
      bracket.raiseCeiling(stats.rates().achievedRate());
    }
    log.accept(
        String.format(
            Locale.ROOT,
            "ttft-gap: %s: %s%s",
            phase.label(),
            failure == null ? "passes" : "fails",
            failure == null ? PhaseJudgement.figures(stats, classes) : " (" + failure + ")"));
    if (failure == null && stats != null && stats.latencies().e2e() != null) {
      lastE2eP95Millis = Math.round(stats.latencies().e2e().p95Millis());
    }
    if (phase.kind() == Phase.Kind.HOLD) {
      afterHold(failure == null, rate, nowMillis);
    } else {
      afterProbe(failure == null, rate, nowMillis);
    }
  }

  private void afterProbe(boolean passed, double rate, long now) {
    bracket.probed(passed, rate);
    Double lo = bracket.lo();
    Double hi = bracket.hi();
    Double ceiling = bracket.ceiling();
    long holdMillis = config.holdSeconds() * 1000L;
    Double next;
    if (hi == null) {
      if (rate >= config.maxRate()) {
        hold(lo, passed, now, "maxRate " + rate + " passed: the limit is at least that");
        return;
      }
      next = Math.min(config.maxRate(), rate * config.growth());
    } else if (lo == null) {
      next = ceiling == null ? rate / config.growth() : Math.min(rate, ceiling) / config.growth();
      if (next < config.startRate() / Math.pow(config.growth(), 3)) {
        done("no probe passed, down to " + trim(rate), now);
        return;
      }
    } else if ((hi - lo) / lo * 100 > config.precisionPercent()
        && fits(now, probeMillis() + settleMillis() + holdMillis + settleMillis(), passed)) {
      next = (lo + hi) / 2;
    } else {
      hold(lo, passed, now, null);
      return;
    }
    if (!fits(now, probeMillis() + settleMillis(), passed)) {
      if (lo != null) {
        hold(lo, passed, now, null);
      } else {
        done("time ran out before a probe passed", now);
      }
      return;
    }
    then(probe(next, 0), passed, now);
  }

  private void hold(double rate, boolean lastPassed, long now, String note) {
    if (note != null) {
      log.accept("ttft-gap: " + note);
    }
    if (!fits(now, config.holdSeconds() * 1000L + settleMillis(), lastPassed)) {
      done("no time left to hold " + trim(rate) + " rps; it is unproven", now);
      return;
    }
    holds++;
    then(
        new Phase(nextIndex++, Phase.Kind.HOLD, rate, 0, config.holdSeconds() * 1000L),
        lastPassed,
        now);
  }

  private void afterHold(boolean passed, double rate, long now) {
    if (passed) {
      done("held " + trim(rate) + " rps for " + config.holdSeconds() + " s under the SLO", now);
      return;
    }
    bracket.holdFailed(rate);
    Double ceiling = bracket.ceiling();
    // a hold that failed steps down by twice the precision, and never above 95 % of what the
    // server completed when overloaded
    double next = rate * (1 - 2 * config.precisionPercent() / 100);
    if (ceiling != null) {
      next = Math.min(next, 0.95 * ceiling);
    }
    if (holds >= MAX_HOLDS) {
      done("the hold failed " + holds + " times; no rate proven", now);
      return;
    }
    hold(next, false, now, null);
  }

  /** Starts {@code next}, after a drain when the phase that ended failed. */
  private void then(Phase next, boolean lastPassed, long now) {
    if (lastPassed) {
      start(next, now);
    } else {
      afterDrain = next;
      phase = new Phase(0, Phase.Kind.DRAIN, 0, now, 0);
    }
  }

  private void start(Phase next, long now) {
    phase = new Phase(next.index(), next.kind(), next.rate(), now, next.windowMillis());
    thinning.restart();
    letGoOfEndedRequests();
  }

  private void done(String why, long now) {
    outcome = why;
    log.accept("ttft-gap: search ends: " + why);
    phase = new Phase(0, Phase.Kind.DONE, 0, now, 0);
  }

  private Phase probe(double rate, long now) {
    return new Phase(nextIndex++, Phase.Kind.PROBE, rate, now, probeMillis());
  }

  private long probeMillis() {
    return config.probeSeconds() * 1000L;
  }

  /** Whether {@code millis} more (after a drain when the last phase failed) fit the bound. */
  private boolean fits(long now, long millis, boolean lastPassed) {
    long drain = lastPassed ? 0 : Math.min(MAX_DRAIN_MILLIS, settleMillis());
    return now + drain + millis <= config.maxDurationSeconds() * 1000L;
  }

  /**
   * How long after its window a phase waits for its requests to end; with request classes, by the
   * loosest class's TTFT limit, since a long class's request may take that long.
   */
  private long settleMillis() {
    double ttft =
        slo.classes().stream()
            .mapToDouble(c -> c.slo().ttftP95LimitMillis())
            .reduce(slo.slo().ttftP95LimitMillis(), Math::max);
    long limit = Double.isFinite(ttft) ? Math.round(ttft) : 10_000;
    return Math.min(MAX_SETTLE_MILLIS, limit + lastE2eP95Millis);
  }

  private long openInWindow(long windowEnd) {
    return pending.values().stream().filter(p -> p[0] == phase.index() && p[1] < windowEnd).count();
  }

  private static String trim(double rate) {
    return Fmt.decimals(rate, 2);
  }
}
