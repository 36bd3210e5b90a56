package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The step window of {@link StepStatsCalculator}: for each run (injector) of a step, from its first
 * start t0 to its last start t1 plus one mean inter-arrival time; the step window is the union of
 * its runs' windows, in epoch ms. Example: 3 starts at 0, 500 and 1000 ms make the window [0,
 * 1500).
 */
final class StepWindows {
  private StepWindows() {}

  /** Per run: [t0, t0 + (t1 − t0)·n/(n − 1)) in epoch ms; runs with fewer than 2 starts omitted. */
  static Map<String, long[]> byRun(List<RequestRecord> records) {
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

  static long[][] union(Collection<long[]> windows) {
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
  static Double offeredRate(
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
  static long countInRange(long[] values, long from, long to) {
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
