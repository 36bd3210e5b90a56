package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;

/**
 * Public door to {@link SyntheticRun}'s scenarios (and {@link EngineStaircase}'s closed population)
 * for tests in other packages.
 */
public final class SyntheticRuns {
  private SyntheticRuns() {}

  public static List<RequestRecord> hockeyStick(boolean reportQueueTime) {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.reportQueueTime = reportQueueTime;
    return run.records();
  }

  /**
   * The hockey stick with {@code fraction} of every wait before the headers: 1 for a server whose
   * worker pool holds the connections (TTFB grows, the gap does not), 0.5 for two queues.
   */
  public static List<RequestRecord> hockeyStickWaitingBeforeHeaders(double fraction) {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.waitBeforeHeadersFraction = fraction;
    return run.records();
  }

  /** The hockey stick from a server that sends its headers as {@code timing} says. */
  public static List<RequestRecord> hockeyStickWithHeaders(HeaderTiming timing) {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.headerTiming = timing;
    return run.records();
  }

  public static List<RequestRecord> flat() {
    return SyntheticRun.flat().records();
  }

  /** One 120-s step at 18 req/s against the hockey stick's 16 req/s: overloaded throughout. */
  public static List<RequestRecord> overloaded() {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.stepRates = List.of(18.0);
    run.stepSeconds = 120;
    return run.records();
  }

  /**
   * The shipped {@code closed-concurrency} profile's load on the engine's scheduler (virtual time):
   * warm-up 1 user × 5 s, then 2, 4, 8, 16, 32 users × 20 s, profile qwen3-8b-like (7.89 req/s).
   */
  public static List<RequestRecord> closedConcurrency() {
    return EngineStaircase.closedConcurrency().records();
  }

  /**
   * The shipped {@code rising-rate} profile's load on the engine's scheduler (virtual time):
   * warm-up 1 rps × 5 s, then 1, 2, 4, 6, 8, 10 rps × 20 s, evenly spaced, profile qwen3-8b-like
   * (7.89 req/s): the knee, the max rate under the SLO and saturation all fall near 7.5–8 rps.
   */
  public static List<RequestRecord> risingRate() {
    EngineStaircase run = new EngineStaircase();
    run.stepRates = List.of(1.0, 2.0, 4.0, 6.0, 8.0, 10.0);
    run.stepSeconds = 20;
    run.warmupSeconds = 5;
    run.uniformArrivals = true;
    return run.records();
  }
}
