package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Groups records by load step and measures each step.
 *
 * <p>Algorithm overview:
 *
 * <ul>
 *   <li>Warm-up records are left out of the statistics (they still count as work in flight and as
 *       completions, since the server did serve them).
 *   <li>Latency percentiles: one HdrHistogram per metric and step over the successful requests. The
 *       result depends only on the set of records, never on their order or on how they were split
 *       into files, so merging files equals analysing their concatenation.
 *   <li>Step window: for each run (injector) of the step, from its first start t0 to its last start
 *       t1 plus one mean inter-arrival time, i.e. length (t1 − t0)·n/(n − 1) for n starts; the step
 *       window is the union of its runs' windows. Concurrent injectors thus share a window (their
 *       rates add) and repeated runs lay theirs end to end (their rates average).
 *   <li>Arrival rate = starts / window length. Achieved rate = successful completions (start + e2e)
 *       that fall inside the window, whichever step they started in, / window length: the server's
 *       throughput while the step's load was applied, which plateaus at the server's capacity when
 *       the offered rate exceeds it.
 *   <li>Mean concurrency L = Σ over all requests of the time their [start, start + sojourn)
 *       overlaps the window / window length, sojourn being e2e, or TTFT, or TTFB for a failure that
 *       got no further. Little's law check: λ·W with λ = the step's arrival rate of requests with a
 *       sojourn and W their mean sojourn; the relative difference (L − λW)/λW is reported.
 *   <li>Requests the tool cut itself ({@code interrupted}, {@code stopped_by_breaker}) are neither
 *       successes nor the server's failures: counted apart ({@link
 *       StepStats.StreamHealth#cutByClientRequests}) and left out of the error rate's numerator and
 *       denominator.
 *   <li>Queueing delay = mean gap − low-load mean gap (floored at 0); its share of the mean TTFT.
 *   <li>Steady state per step ({@link SteadyStateDetector}); the low-load baseline is the first
 *       step with enough gaps that is not found unsteady, so an overloaded step never serves as its
 *       own reference.
 * </ul>
 *
 * <p>Assumptions: all records of one run share a clock; different runs' clocks agree (NTP) when
 * they are merged as concurrent injectors.
 */
public final class StepStatsCalculator {
  private StepStatsCalculator() {}

  /** Per-step statistics and the low-load baseline of {@code records}. */
  static Result measure(List<RequestRecord> records) {
    List<RequestRecord> sorted = new ArrayList<>(records);
    sorted.sort(RECORD_ORDER);
    Map<Integer, List<RequestRecord>> byStep = new TreeMap<>();
    int warmup = 0;
    for (RequestRecord record : sorted) {
      if (record.warmup() || record.level().step() < 1) {
        warmup++;
      } else {
        byStep.computeIfAbsent(record.level().step(), s -> new ArrayList<>()).add(record);
      }
    }
    List<StepSamples> samples = new ArrayList<>();
    byStep.forEach((step, stepRecords) -> samples.add(new StepSamples(step, stepRecords)));
    Map<Integer, Map<String, long[]>> windowsByStep = new TreeMap<>();
    for (StepSamples step : samples) {
      windowsByStep.put(step.step, StepWindows.byRun(step.records));
    }
    Map<Integer, SteadyState> steady = steadyStates(samples, windowsByStep, sorted);
    LowLoadReference baseline = lowLoadBaseline(samples, steady);
    long[] completionEpochMillis =
        sorted.stream()
            .filter(r -> r.ok() && r.timings().e2eMillis() != null)
            .mapToLong(r -> r.timings().startEpochMillis() + r.timings().e2eMillis())
            .sorted()
            .toArray();
    List<StepStats> stats = new ArrayList<>();
    for (StepSamples step : samples) {
      stats.add(
          stats(
              step,
              windowsByStep.get(step.step),
              sorted,
              completionEpochMillis,
              baseline,
              steady.get(step.step)));
    }
    return new Result(List.copyOf(samples), List.copyOf(stats), baseline, warmup);
  }

  /** Each step's steadiness over its window; steps without a window or a verdict are absent. */
  private static Map<Integer, SteadyState> steadyStates(
      List<StepSamples> samples,
      Map<Integer, Map<String, long[]>> windowsByStep,
      List<RequestRecord> sorted) {
    boolean closed =
        !samples.isEmpty()
            && samples.stream()
                .allMatch(
                    s ->
                        s.records.stream()
                            .allMatch(
                                r ->
                                    r.level().offeredRate() == null
                                        && r.level().concurrency() != null));
    Map<Integer, SteadyState> steady = new TreeMap<>();
    for (StepSamples step : samples) {
      long[][] union = StepWindows.union(windowsByStep.get(step.step).values());
      if (union.length > 0) {
        SteadyState verdict =
            SteadyStateDetector.detect(
                step.records, sorted, union[0][0], union[union.length - 1][1], closed);
        if (verdict != null) {
          steady.put(step.step, verdict);
        }
      }
    }
    return steady;
  }

  /** The first step with enough gaps that is not found unsteady; null when there is none. */
  private static LowLoadReference lowLoadBaseline(
      List<StepSamples> samples, Map<Integer, SteadyState> steady) {
    return samples.stream()
        .filter(s -> s.gap.count() >= LowLoadReference.MIN_SAMPLES)
        .filter(s -> steady.get(s.step) == null || steady.get(s.step).steady())
        .findFirst()
        .map(LowLoadReference::of)
        .orElse(null);
  }

  /** Per-step statistics of {@code records}, in step order. */
  public static List<StepStats> of(List<RequestRecord> records) {
    return measure(records).stats();
  }

  record Result(
      List<StepSamples> samples, List<StepStats> stats, LowLoadReference baseline, int warmup) {}

  private static final Comparator<RequestRecord> RECORD_ORDER =
      Comparator.comparingLong((RequestRecord r) -> r.timings().startEpochMillis())
          .thenComparing(r -> Objects.toString(r.identity().run(), ""))
          .thenComparingLong(r -> r.identity().userId())
          .thenComparing(r -> Objects.toString(r.identity().requestId(), ""))
          .thenComparing(r -> Objects.toString(r.timings().e2eMillis(), ""))
          .thenComparing(r -> Objects.toString(r.timings().ttftMillis(), ""))
          .thenComparing(r -> r.result().outcome() == null ? "" : r.result().outcome().code());

  /** The statistics of {@code step}: its parts, each measured by its own method below. */
  private static StepStats stats(
      StepSamples step,
      Map<String, long[]> runWindows,
      List<RequestRecord> all,
      long[] completionEpochMillis,
      LowLoadReference baseline,
      SteadyState steadyState) {
    List<RequestRecord> records = step.records;
    Integer concurrency = RecordFields.first(records, x -> x.level().concurrency());
    long[][] union = StepWindows.union(runWindows.values());
    double windowMillis = Arrays.stream(union).mapToLong(w -> w[1] - w[0]).sum();
    StepStats.Rates rates = rates(records, union, windowMillis, all, completionEpochMillis);
    return new StepStats(
        step.step,
        RecordFields.first(records, x -> x.level().stepLabel()),
        StepWindows.offeredRate(records, runWindows, windowMillis),
        records.get(0).level().offeredRate() == null ? concurrency : null,
        counts(step),
        rates,
        new StepStats.Latencies(
            step.ttfb.summary(),
            step.ttft.summary(),
            step.gap.summary(),
            step.itl.summary(),
            step.tpot.summary(),
            step.e2e.summary()),
        queueing(step, rates.arrivalRate(), baseline),
        new StepStats.StreamHealth(
            step.cutByClient,
            step.malformedChunks,
            step.withStallCount == 0 ? null : 100.0 * step.stalled / step.withStallCount,
            step.longestStallMillis),
        steadyState,
        step.firstTokens());
  }

  /** The step's counts; its error rate leaves out the requests the tool cut itself. */
  private static StepStats.Counts counts(StepSamples step) {
    int requests = step.records.size();
    return new StepStats.Counts(
        requests,
        step.ok,
        step.failed,
        step.failuresByReason,
        requests > step.cutByClient ? 100.0 * step.failed / (requests - step.cutByClient) : 0);
  }

  /**
   * Arrivals, throughput and concurrency over the step window {@code union} (all null without a
   * window); output tokens/s and goodput are left null for {@link StepGoodput}.
   */
  private static StepStats.Rates rates(
      List<RequestRecord> records,
      long[][] union,
      double windowMillis,
      List<RequestRecord> all,
      long[] completionEpochMillis) {
    if (windowMillis <= 0) {
      return new StepStats.Rates(null, null, null, null, null, null, null, null);
    }
    double windowSeconds = windowMillis / 1000;
    long completions = 0;
    for (long[] window : union) {
      completions += StepWindows.countInRange(completionEpochMillis, window[0], window[1]);
    }
    double meanConcurrency = inFlightMillis(all, union) / windowMillis;
    Double littleConcurrency = null;
    Double littleDifference = null;
    long withSojourn = records.stream().filter(r -> sojournMillis(r) != null).count();
    if (withSojourn > 0) {
      double meanSojournSeconds =
          records.stream()
                  .map(StepStatsCalculator::sojournMillis)
                  .filter(Objects::nonNull)
                  .mapToLong(Long::longValue)
                  .sum()
              / 1000.0
              / withSojourn;
      littleConcurrency = withSojourn / windowSeconds * meanSojournSeconds;
      littleDifference =
          littleConcurrency > 0 ? (meanConcurrency - littleConcurrency) / littleConcurrency : null;
    }
    return new StepStats.Rates(
        windowSeconds,
        records.size() / windowSeconds,
        completions / windowSeconds,
        meanConcurrency,
        littleConcurrency,
        littleDifference,
        null,
        null);
  }

  /** Σ over {@code all} requests of the time their sojourn overlaps the windows, ms. */
  private static double inFlightMillis(List<RequestRecord> all, long[][] union) {
    double inFlightMillis = 0;
    for (RequestRecord record : all) {
      Long sojourn = sojournMillis(record);
      if (sojourn == null) {
        continue;
      }
      long start = record.timings().startEpochMillis();
      for (long[] window : union) {
        inFlightMillis +=
            Math.max(0, Math.min(start + sojourn, window[1]) - Math.max(start, window[0]));
      }
    }
    return inFlightMillis;
  }

  /**
   * The server's queue (its queue depth by Little's law at {@code arrivalRate}) and the queueing
   * delay over the low-load {@code baseline}.
   */
  private static StepStats.Queueing queueing(
      StepSamples step, Double arrivalRate, LowLoadReference baseline) {
    LatencySummary gap = step.gap.summary();
    LatencySummary ttft = step.ttft.summary();
    LatencySummary serverQueue = step.serverQueue.summary();
    Double queueingDelay = null;
    Double queueingShare = null;
    if (gap != null && baseline != null) {
      queueingDelay = Math.max(0, gap.meanMillis() - baseline.gapMeanMillis());
      if (ttft != null && ttft.meanMillis() > 0) {
        // a rise within the low-load band is noise, not queueing: share 0 there
        queueingShare =
            gap.p50Millis() > KneeDetector.edge(baseline)
                ? 100 * queueingDelay / ttft.meanMillis()
                : 0.0;
      }
    }
    Double serverQueueDepth =
        serverQueue != null && arrivalRate != null
            ? arrivalRate * serverQueue.meanMillis() / 1000
            : null;
    return new StepStats.Queueing(serverQueue, serverQueueDepth, queueingDelay, queueingShare);
  }

  /** Time the request was in flight, ms: e2e, else TTFT, else TTFB; null when none is known. */
  static Long sojournMillis(RequestRecord record) {
    if (record.timings().e2eMillis() != null) {
      return record.timings().e2eMillis();
    }
    if (record.timings().ttftMillis() != null) {
      return record.timings().ttftMillis();
    }
    return record.timings().ttfbMillis();
  }
}
