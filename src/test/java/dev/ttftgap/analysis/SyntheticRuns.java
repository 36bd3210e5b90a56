package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Map;

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

  /**
   * The report of issue 23's run on a real llama.cpp server (4 slots, a worker pool of 6), from its
   * step table: headers at acceptance at 1 rps, then TTFB p50 3.6 ms → 3.4 s → 28.6 s → 78.9 s →
   * 131.6 s while the gap p50 stays 0.3–1.8 s. Only the steps, header timing, knee and queue
   * location are filled in: enough for the sentences that say where the queue is.
   */
  public static CapacityReport llamaCppStairs() {
    double[][] table = { // rate, TTFB p50, gap p50, gap p95
      {1, 3.6, 302, 380},
      {2, 3447, 888, 1762},
      {4, 28_600, 959, 2088},
      {6, 78_900, 1798, 2279},
      {8, 131_600, 1525, 2208}
    };
    List<StepStats> steps = new java.util.ArrayList<>();
    Map<Integer, HeaderTimingVerdict> timing = new java.util.TreeMap<>();
    for (int i = 0; i < table.length; i++) {
      double[] row = table[i];
      steps.add(TestSteps.step(i + 1, row[0], row[1], row[2], row[3], 0));
      timing.put(
          i + 1,
          new HeaderTimingVerdict(
              HeaderTiming.AT_ACCEPT, row[1], row[1] + row[2], row[2], null, null));
    }
    LowLoadReference baseline =
        new LowLoadReference(1, 302, 302, 20, new double[] {302}, 4.3, 900, Double.NaN);
    return TestReports.of(steps)
        .sources(List.of("llama.cpp/records.jsonl"))
        .runs(List.of("llama-cpp"))
        .headerTiming(timing.get(1))
        .knee(KneeDetector.detect(steps, baseline))
        .queueLocation(QueueLocator.locate(steps, baseline, timing))
        .build();
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
