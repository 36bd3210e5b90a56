package dev.ttftgap.health;

import dev.ttftgap.record.MicroTimings;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.Timings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The event-loop delay as the requests met it: for each request, the longest stall ({@link
 * StallTimeline}) its response headers or its first token was stamped in; 0 when neither was in
 * one.
 *
 * <p>The probe's own percentiles weigh each 10-ms tick alike, so a 10-ms stall once every few
 * seconds is far beyond their p99; but when a closed model's users start together, that stall is
 * when a hundred first tokens arrive, and every one of them is stamped late. Weighing the stalls by
 * the requests stamped in them gives the figure those requests' TTFB and TTFT p99 can be off by.
 *
 * <p><b>Assumptions.</b> A step's stalls were recorded only when every sample of it carries them (a
 * file older than the field has none: its steps get no figure, not a zero). Stamps are the records'
 * precise ones ({@code startEpochMicros} + {@code ttfbMicros} / {@code ttftMicros}), or the
 * millisecond ones when a record has no precise stamps. Warm-up (step 0) is left out.
 */
final class StampDelays {
  // per stamped request: its step and its delay, µs (two arrays: a run has millions)
  private final int[] steps;
  private final long[] delays;
  private final int count;
  private final boolean recorded;

  private StampDelays(List<LoadGeneratorSample> samples, List<RequestRecord> records) {
    Set<Integer> unrecorded = new HashSet<>();
    List<EventLoopStall> stalls = new ArrayList<>();
    for (LoadGeneratorSample sample : samples) {
      if (sample.eventLoopStalls() == null) {
        unrecorded.add(sample.step());
      } else {
        stalls.addAll(sample.eventLoopStalls());
      }
    }
    StallTimeline timeline = StallTimeline.of(stalls);
    int[] stepOf = new int[records.size()];
    long[] delayOf = new long[records.size()];
    int n = 0;
    for (RequestRecord record : records) {
      int step = record.level().step();
      if (step < 1 || unrecorded.contains(step)) {
        continue;
      }
      long headers = stamp(record, true);
      long firstToken = stamp(record, false);
      if (headers < 0 && firstToken < 0) {
        continue;
      }
      long delay =
          Math.max(
              headers < 0 ? 0 : timeline.longestAtMicros(headers),
              firstToken < 0 ? 0 : timeline.longestAtMicros(firstToken));
      stepOf[n] = step;
      delayOf[n] = delay;
      n++;
    }
    this.steps = stepOf;
    this.delays = delayOf;
    this.count = n;
    this.recorded = n > 0 && unrecorded.stream().noneMatch(s -> s >= 1);
  }

  /** The stamp delays of {@code records} against the stalls of {@code samples}. */
  static StampDelays of(List<LoadGeneratorSample> samples, List<RequestRecord> records) {
    return new StampDelays(samples, records);
  }

  /** Step {@code step}'s delays, µs, sorted; null when it has none (no stalls or no records). */
  long[] step(int step) {
    long[] of = new long[count];
    int n = 0;
    for (int i = 0; i < count; i++) {
      if (steps[i] == step) {
        of[n++] = delays[i];
      }
    }
    if (n == 0) {
      return null;
    }
    long[] sorted = Arrays.copyOf(of, n);
    Arrays.sort(sorted);
    return sorted;
  }

  /** Every measured step's delays, µs, sorted; null unless every step's stalls were recorded. */
  long[] run() {
    if (!recorded) {
      return null;
    }
    long[] sorted = Arrays.copyOf(delays, count);
    Arrays.sort(sorted);
    return sorted;
  }

  /** The headers' or the first token's wall-clock instant, µs; -1 when not stamped. */
  private static long stamp(RequestRecord record, boolean headers) {
    MicroTimings micros = record.micros();
    Long precise = headers ? micros.ttfbMicros() : micros.ttftMicros();
    if (micros.startEpochMicros() != null && precise != null) {
      return micros.startEpochMicros() + precise;
    }
    Timings timings = record.timings();
    Long millis = headers ? timings.ttfbMillis() : timings.ttftMillis();
    return millis == null ? -1 : (timings.startEpochMillis() + millis) * 1000;
  }
}
