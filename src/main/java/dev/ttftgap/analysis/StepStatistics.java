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
 *       successes nor the server's failures: counted apart ({@link StepStats#cutByClientRequests})
 *       and left out of the error rate's numerator and denominator.
 *   <li>Queueing delay = mean gap − low-load mean gap (floored at 0); its share of the mean TTFT.
 *   <li>Steady state per step ({@link SteadyStateDetector}); the low-load baseline is the first
 *       step with enough gaps that is not found unsteady, so an overloaded step never serves as its
 *       own reference.
 * </ul>
 *
 * <p>Assumptions: all records of one run share a clock; different runs' clocks agree (NTP) when
 * they are merged as concurrent injectors.
 */
public final class StepStatistics {
  private StepStatistics() {}

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
    Map<Integer, Map<String, long[]>> windowsByStep = new TreeMap<>();
    for (StepSamples step : samples) {
      Map<String, long[]> windows = runWindows(step.records);
      windowsByStep.put(step.step, windows);
      long[][] union = union(windows.values());
      if (union.length > 0) {
        SteadyState verdict =
            SteadyStateDetector.detect(
                step.records, sorted, union[0][0], union[union.length - 1][1], closed);
        if (verdict != null) {
          steady.put(step.step, verdict);
        }
      }
    }
    LowLoadBaseline baseline =
        samples.stream()
            .filter(s -> s.gap.count() >= LowLoadBaseline.MIN_SAMPLES)
            .filter(s -> steady.get(s.step) == null || steady.get(s.step).steady())
            .findFirst()
            .map(LowLoadBaseline::of)
            .orElse(null);
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

  /** Per-step statistics of {@code records}, in step order. */
  public static List<StepStats> of(List<RequestRecord> records) {
    return measure(records).stats();
  }

  record Result(
      List<StepSamples> samples, List<StepStats> stats, LowLoadBaseline baseline, int warmup) {}

  private static final Comparator<RequestRecord> RECORD_ORDER =
      Comparator.comparingLong((RequestRecord r) -> r.timings().startEpochMillis())
          .thenComparing(r -> Objects.toString(r.identity().run(), ""))
          .thenComparingLong(r -> r.identity().userId())
          .thenComparing(r -> Objects.toString(r.identity().requestId(), ""))
          .thenComparing(r -> Objects.toString(r.timings().e2eMillis(), ""))
          .thenComparing(r -> Objects.toString(r.timings().ttftMillis(), ""))
          .thenComparing(r -> r.result().outcome() == null ? "" : r.result().outcome().code());

  private static StepStats stats(
      StepSamples step,
      Map<String, long[]> runWindows,
      List<RequestRecord> all,
      long[] completionEpochMillis,
      LowLoadBaseline baseline,
      SteadyState steadyState) {
    List<RequestRecord> records = step.records;
    RequestRecord first = records.get(0);
    String label = RecordFields.first(records, r -> r.level().stepLabel());
    Integer concurrency = RecordFields.first(records, r -> r.level().concurrency());

    long[][] union = union(runWindows.values());
    double windowMillis = Arrays.stream(union).mapToLong(w -> w[1] - w[0]).sum();
    boolean hasWindow = windowMillis > 0;
    Double windowSeconds = hasWindow ? windowMillis / 1000 : null;

    Double offeredRate = offeredRate(records, runWindows, windowMillis);
    Double arrivalRate = hasWindow ? records.size() / (windowMillis / 1000) : null;
    Double achievedRate = null;
    Double meanConcurrency = null;
    Double littleConcurrency = null;
    Double littleDifference = null;
    if (hasWindow) {
      long completions = 0;
      for (long[] window : union) {
        completions += countInRange(completionEpochMillis, window[0], window[1]);
      }
      achievedRate = completions / (windowMillis / 1000);
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
      meanConcurrency = inFlightMillis / windowMillis;
      long withSojourn = records.stream().filter(r -> sojournMillis(r) != null).count();
      if (withSojourn > 0) {
        double meanSojournSeconds =
            records.stream()
                    .map(StepStatistics::sojournMillis)
                    .filter(Objects::nonNull)
                    .mapToLong(Long::longValue)
                    .sum()
                / 1000.0
                / withSojourn;
        littleConcurrency = withSojourn / (windowMillis / 1000) * meanSojournSeconds;
        littleDifference =
            littleConcurrency > 0
                ? (meanConcurrency - littleConcurrency) / littleConcurrency
                : null;
      }
    }

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
    return new StepStats(
        step.step,
        label,
        offeredRate,
        first.level().offeredRate() == null ? concurrency : null,
        records.size(),
        step.ok,
        step.failed,
        step.failuresByReason,
        records.size() > step.cutByClient
            ? 100.0 * step.failed / (records.size() - step.cutByClient)
            : 0,
        windowSeconds,
        arrivalRate,
        achievedRate,
        meanConcurrency,
        littleConcurrency,
        littleDifference,
        step.ttfb.summary(),
        ttft,
        gap,
        step.itl.summary(),
        step.tpot.summary(),
        step.e2e.summary(),
        serverQueue,
        serverQueueDepth,
        queueingDelay,
        queueingShare,
        steadyState,
        step.cutByClient,
        step.malformedChunks,
        step.withStallCount == 0 ? null : 100.0 * step.stalled / step.withStallCount,
        step.longestStallMillis,
        null,
        null);
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

  /** Per run: [t0, t0 + (t1 − t0)·n/(n − 1)) in epoch ms; runs with fewer than 2 starts omitted. */
  private static Map<String, long[]> runWindows(List<RequestRecord> records) {
    Map<String, List<Long>> startsByRun = new TreeMap<>();
    for (RequestRecord record : records) {
      startsByRun
          .computeIfAbsent(Objects.toString(record.identity().run(), ""), r -> new ArrayList<>())
          .add(record.timings().startEpochMillis());
    }
    Map<String, long[]> windows = new TreeMap<>();
    startsByRun.forEach(
        (run, starts) -> {
          long t0 = starts.stream().mapToLong(Long::longValue).min().orElseThrow();
          long t1 = starts.stream().mapToLong(Long::longValue).max().orElseThrow();
          int n = starts.size();
          if (n >= 2 && t1 > t0) {
            long length = Math.round((t1 - t0) * (double) n / (n - 1));
            windows.put(run, new long[] {t0, t0 + length});
          }
        });
    return windows;
  }

  private static long[][] union(java.util.Collection<long[]> windows) {
    List<long[]> sorted = new ArrayList<>(windows);
    sorted.sort(Comparator.comparingLong(w -> w[0]));
    List<long[]> merged = new ArrayList<>();
    for (long[] window : sorted) {
      long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && window[0] <= last[1]) {
        last[1] = Math.max(last[1], window[1]);
      } else {
        merged.add(new long[] {window[0], window[1]});
      }
    }
    return merged.toArray(new long[0][]);
  }

  /**
   * Configured rate of the step: each run's offered rate weighted by its window, over the union
   * (concurrent injectors add, repeated runs average); null unless every run configured one.
   */
  private static Double offeredRate(
      List<RequestRecord> records, Map<String, long[]> runWindows, double windowMillis) {
    Map<String, Double> rateByRun = new TreeMap<>();
    for (RequestRecord record : records) {
      if (record.level().offeredRate() == null) {
        return null;
      }
      rateByRun.putIfAbsent(
          Objects.toString(record.identity().run(), ""), record.level().offeredRate());
    }
    if (rateByRun.size() == 1 || windowMillis <= 0) {
      return rateByRun.values().iterator().next();
    }
    double weighted = 0;
    for (Map.Entry<String, Double> entry : rateByRun.entrySet()) {
      long[] window = runWindows.get(entry.getKey());
      if (window != null) {
        weighted += entry.getValue() * (window[1] - window[0]);
      }
    }
    return weighted / windowMillis;
  }

  /** Number of values in sorted {@code values} within [from, to). */
  private static long countInRange(long[] values, long from, long to) {
    return lowerBound(values, to) - lowerBound(values, from);
  }

  private static int lowerBound(long[] values, long key) {
    int low = 0;
    int high = values.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (values[mid] < key) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
}
