package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The most requests in flight at once within successive windows, from each record's start and end
 * (start + e2e, else TTFT, else TTFB: {@link StepStatsCalculator#sojournMillis}); a record with
 * none of them is left out. A request ending at the instant another starts is not counted with it.
 *
 * <p>Usage: windows are asked in increasing order, the sweep moving forward only.
 *
 * <pre>{@code
 * InFlightSweep sweep = new InFlightSweep(records);
 * int first = sweep.maxIn(t0, t0 + 5_000);
 * int second = sweep.maxIn(t0 + 5_000, t0 + 10_000);
 * }</pre>
 *
 * <p>Worked example: requests [0, 300), [100, 200) and [250, 400) ms: window [0, 150) holds 2 at
 * once, [200, 400) holds 2 (at 250–300), [400, 500) none.
 */
final class InFlightSweep {
  /** Event times, ms; ends sort before starts at the same instant. */
  private final long[] times;

  private final int[] deltas;
  private int next;
  private int current;

  InFlightSweep(List<RequestRecord> records) {
    long[][] events =
        records.stream()
            .filter(r -> StepStatsCalculator.sojournMillis(r) != null)
            .flatMap(
                r -> {
                  long start = r.timings().startEpochMillis();
                  long end = start + Math.max(0, StepStatsCalculator.sojournMillis(r));
                  return Stream.of(new long[] {start, 1}, new long[] {end, -1});
                })
            .sorted((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]))
            .toArray(long[][]::new);
    times = Arrays.stream(events).mapToLong(e -> e[0]).toArray();
    deltas = Arrays.stream(events).mapToInt(e -> (int) e[1]).toArray();
  }

  /** The most in flight at once in [{@code fromMillis}, {@code toMillis}); not before the last. */
  int maxIn(long fromMillis, long toMillis) {
    while (next < times.length && times[next] <= fromMillis) {
      current += deltas[next++];
    }
    int max = current;
    while (next < times.length && times[next] < toMillis) {
      current += deltas[next++];
      max = Math.max(max, current);
    }
    return max;
  }
}
