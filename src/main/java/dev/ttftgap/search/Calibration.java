package dev.ttftgap.search;

import dev.ttftgap.analysis.Percentiles;
import dev.ttftgap.profile.AutoStairs;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.Fmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The calibration of an {@link AutoStairsRun}: the single-user phase's service time S and the
 * burst's window and throughput, from which the stairs are placed. The run owns the stages and the
 * clock; this class measures and says when a phase is over. Not thread-safe: the run calls it under
 * its own lock.
 */
final class Calibration {
  /** How a burst window that has passed ends. */
  enum BurstEnd {
    /** Too few completions in its steady part: the window doubles (up to its bound). */
    LENGTHENED,
    /** No request completed at all: no stairs can be placed. */
    EMPTY,
    /** Enough completions: the drain begins. */
    ENDED
  }

  private final AutoStairs config;
  private final List<Long> singleUserE2eMillis = new ArrayList<>();
  private final BurstThroughput burstThroughput = new BurstThroughput();
  private int singleUserSent;
  private long burstWindowMillis;
  private long burstStartMillis;
  private @Nullable Double serviceTimeMillis;

  Calibration(AutoStairs config) {
    this.config = config;
  }

  /** Whether a single-user request may be sent now ({@code idle}: none in flight). */
  boolean singleUserAdmits(boolean idle, long nowMillis, long stageStartMillis) {
    return idle
        && singleUserSent < config.singleUserRequests()
        && nowMillis < stageStartMillis + config.singleUserSeconds() * 1000L;
  }

  /** A single-user request was admitted. */
  void singleUserSent() {
    singleUserSent++;
  }

  /**
   * Whether the single-user phase is over: all sent or its time up, and nothing in flight (or the
   * wait for it beyond {@value AutoStairsRun#MAX_WAIT_MILLIS} ms).
   */
  boolean singleUserOver(long nowMillis, long stageStartMillis, boolean idle) {
    long end = stageStartMillis + config.singleUserSeconds() * 1000L;
    boolean allSent = singleUserSent >= config.singleUserRequests();
    boolean over = nowMillis >= end || allSent;
    return over && (idle || nowMillis >= end + AutoStairsRun.MAX_WAIT_MILLIS);
  }

  /** Whether a burst request may be sent now, {@code inFlight} being in flight. */
  boolean burstAdmits(int inFlight, long nowMillis, long stageStartMillis) {
    return inFlight < config.burstConcurrency() && nowMillis < stageStartMillis + burstWindowMillis;
  }

  /** Whether the burst's window, begun at {@code stageStartMillis}, has passed. */
  boolean burstWindowOver(long nowMillis, long stageStartMillis) {
    return nowMillis >= stageStartMillis + burstWindowMillis;
  }

  /** A single-user request ended: its e2e counts when it succeeded. */
  void singleUserEnded(RequestRecord record) {
    if (record.ok() && record.timings().e2eMillis() != null) {
      singleUserE2eMillis.add(record.timings().e2eMillis());
    }
  }

  /** A burst request ended at {@code nowMillis}: its completion counts when it succeeded. */
  void burstEnded(RequestRecord record, long nowMillis) {
    if (record.ok()) {
      Long decode =
          record.timings().e2eMillis() == null || record.timings().ttftMillis() == null
              ? null
              : Math.max(0, record.timings().e2eMillis() - record.timings().ttftMillis());
      burstThroughput.add(
          new BurstThroughput.Completion(nowMillis, decode, record.output().outputTokens()));
    }
  }

  /**
   * Ends the single-user phase: S = the median e2e (the first left out when three or more
   * succeeded), the burst's window max(burstSeconds, 4 × S) up to its bound; the log line.
   */
  String endSingleUser() {
    List<Long> e2e =
        singleUserE2eMillis.size() >= 3
            ? singleUserE2eMillis.subList(1, singleUserE2eMillis.size())
            : singleUserE2eMillis;
    serviceTimeMillis = Percentiles.median(e2e).orElse(null);
    long shortest = config.burstSeconds() * 1000L;
    long fromService = serviceTimeMillis == null ? 0 : Math.round(4 * serviceTimeMillis);
    burstWindowMillis = Math.min(config.burstMaxSeconds() * 1000L, Math.max(shortest, fromService));
    return String.format(
        Locale.ROOT,
        "ttft-gap: calibration · single user: %d sent, %d succeeded, e2e median %s",
        singleUserSent,
        singleUserE2eMillis.size(),
        Fmt.ms(serviceTimeMillis));
  }

  /**
   * The burst's window, begun at {@code stageStartMillis}, has passed: lengthened when too few
   * requests ended in its steady part, empty when none ended, else ended.
   */
  BurstEnd endBurst(long stageStartMillis) {
    burstStartMillis = stageStartMillis;
    long windowEnd = burstStartMillis + burstWindowMillis;
    long steady = burstThroughput.endedWithin(steadyFromMillis(), windowEnd);
    long bound = config.burstMaxSeconds() * 1000L;
    if (steady < AutoStairsRun.MIN_STEADY_COMPLETIONS && burstWindowMillis < bound) {
      burstWindowMillis = Math.min(bound, 2 * burstWindowMillis);
      return BurstEnd.LENGTHENED;
    }
    if (burstThroughput.endedWithin(burstStartMillis, windowEnd) == 0) {
      return BurstEnd.EMPTY;
    }
    return BurstEnd.ENDED;
  }

  /** Why an empty burst ends the run. */
  String emptyBurst() {
    return "the burst of "
        + config.burstConcurrency()
        + " completed no request in "
        + AutoStairsPlan.level(burstWindowMillis / 1000.0)
        + " s, so the stairs cannot be sized; check the target, or give the steps as a"
        + " list";
  }

  /** μ̂: the requests/s the server streamed in the burst's last three quarters; null if none. */
  @Nullable Double estimate() {
    return burstThroughput.ratePerSecond(steadyFromMillis(), burstStartMillis + burstWindowMillis);
  }

  /** The burst's log line, with its {@code estimate}. */
  String burstLine(@Nullable Double estimate) {
    long windowEnd = burstStartMillis + burstWindowMillis;
    return String.format(
        Locale.ROOT,
        "ttft-gap: calibration · burst of %d: %d completed in %s s, %d in its last three"
            + " quarters; %s req/s from the %s streamed there",
        config.burstConcurrency(),
        burstThroughput.endedWithin(burstStartMillis, windowEnd),
        AutoStairsPlan.level(burstSeconds()),
        burstThroughput.endedWithin(steadyFromMillis(), windowEnd),
        estimate == null ? Fmt.UNDEFINED : Fmt.decimals(estimate, 3),
        burstThroughput.fromTokens() ? "tokens" : "completions");
  }

  /** The burst's window, s. */
  double burstSeconds() {
    return burstWindowMillis / 1000.0;
  }

  /** S, the single user's median e2e, ms; null when none succeeded. */
  @Nullable Double serviceTimeMillis() {
    return serviceTimeMillis;
  }

  private long steadyFromMillis() {
    return burstStartMillis + burstWindowMillis / 4;
  }
}
