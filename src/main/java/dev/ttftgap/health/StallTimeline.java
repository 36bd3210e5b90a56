package dev.ttftgap.health;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * For any instant, the longest {@link EventLoopStall} that covers it (any loop): how late a
 * timestamp taken then by the load generator may be.
 *
 * <p><b>Algorithm overview.</b> Each stall covers the closed interval [{@code since}, {@code end}].
 * A sweep over the intervals' bounds (a stall enters at {@code since}, leaves just after {@code
 * end}), keeping the covering delays in a sorted multiset, cuts time into segments of constant
 * longest delay; a lookup is a binary search over the segments' starts. Building is O(n log n) in
 * the stalls, a lookup O(log n), so a run's million records cost a million searches.
 *
 * <p><b>Assumptions.</b> The stalls of every loop count for every timestamp: a record does not say
 * which loop took it, so the figure is the worst loop's.
 *
 * <pre>{@code
 * StallTimeline timeline = StallTimeline.of(stalls);
 * long lateMicros = timeline.longestAtMicros(record's startEpochMicros + ttftMicros);
 * }</pre>
 */
public final class StallTimeline {
  private final long[] starts;
  private final long[] longest;

  private StallTimeline(long[] starts, long[] longest) {
    this.starts = starts;
    this.longest = longest;
  }

  /** The timeline of {@code stalls} (in any order). */
  public static StallTimeline of(Collection<EventLoopStall> stalls) {
    List<long[]> bounds = new ArrayList<>(2 * stalls.size());
    for (EventLoopStall stall : stalls) {
      bounds.add(new long[] {stall.sinceEpochMicros(), stall.delayMicros(), 1});
      bounds.add(new long[] {stall.endEpochMicros() + 1, stall.delayMicros(), -1});
    }
    bounds.sort(Comparator.comparingLong(b -> b[0]));
    TreeMap<Long, Integer> covering = new TreeMap<>();
    long[] starts = new long[bounds.size()];
    long[] longest = new long[bounds.size()];
    int segments = 0;
    int i = 0;
    while (i < bounds.size()) {
      long at = bounds.get(i)[0];
      for (; i < bounds.size() && bounds.get(i)[0] == at; i++) {
        long[] bound = bounds.get(i);
        if (bound[2] > 0) {
          covering.merge(bound[1], 1, Integer::sum);
        } else {
          covering.computeIfPresent(bound[1], (k, n) -> n == 1 ? null : n - 1);
        }
      }
      starts[segments] = at;
      longest[segments] = covering.isEmpty() ? 0 : covering.lastKey();
      segments++;
    }
    return new StallTimeline(Arrays.copyOf(starts, segments), Arrays.copyOf(longest, segments));
  }

  /** The delay of the longest stall covering {@code epochMicros}, µs; 0 when none does. */
  public long longestAtMicros(long epochMicros) {
    int at = Arrays.binarySearch(starts, epochMicros);
    int segment = at >= 0 ? at : -at - 2;
    return segment < 0 ? 0 : longest[segment];
  }
}
