package dev.ttftgap.bench;

import dev.ttftgap.engine.GroundTruth;
import dev.ttftgap.health.ClosedLoopLag;
import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The figures of one streaming benchmark run, computed from the client's records, the engine's
 * ground truth and the load generator's CPU/heap samples.
 *
 * <p>Algorithm overview:
 *
 * <ul>
 *   <li><b>Concurrent streams</b>: a stream is open from its headers ({@code start + ttfb}) to its
 *       end ({@code start + e2e}); a sweep over those intervals gives the exact count at any
 *       instant, summarised over the capacity window as min, time-weighted mean and max.
 *   <li><b>SSE events/s</b>: content events at their arrival times ({@code start + ttft}, then the
 *       ITLs one after the other) counted in the window; the four events around them (role chunk,
 *       finish chunk, usage chunk, {@code [DONE]}) are added for requests that end in the window.
 *   <li><b>Injection lag</b> (closed model): a user's next request is planned for the instant its
 *       previous one ended ({@code [DONE]}); lag = actual start − that instant. It contains the
 *       client's own work between requests (record assembly, report rows) and any event-loop
 *       queueing, which is what delays a closed-model user.
 *   <li><b>Accuracy</b>: each client record joined with the engine's ground truth by request id; Δ
 *       = client epoch − engine epoch for the headers ({@code start + ttfb} vs {@code
 *       headersWritten}) and the first token ({@code start + ttft} vs {@code firstContentWritten}),
 *       and Δgap = client gap − engine gap (a pure duration).
 *   <li><b>Precise accuracy</b>: the same joins with the records' own {@code System.nanoTime()}
 *       stamps: client headers = {@code startEpochMicros + ttfbMicros}, first token = {@code
 *       startEpochMicros + ttftMicros} (the wall clock is read once per request, with the send
 *       stamp, so no anchor is involved), Δgap = {@code gapMicros} − engine gap.
 * </ul>
 *
 * <p>Assumptions: the run starts when its first record starts (the warm-up users all start at
 * once); Gatling's clock is {@code currentTimeMillis} at Gatling's start plus whole milliseconds of
 * {@code nanoTime} since, so a client epoch lies in (true − 2 ms, true]: one floor at the anchor
 * (constant in a run), one per reading. The anchor part is estimated as {@code −1 − min Δttfb}
 * (headers can't arrive before they are written), and the "anchor-corrected" figures add it back
 * plus 0.5 ms, the mean of the per-reading floor.
 */
final class StreamingFigures {
  /** Events of a request besides its content events (role, finish, usage, [DONE]). */
  static final int NON_CONTENT_EVENTS = 4;

  private StreamingFigures() {}

  /** Percentile (nearest rank) of sorted values; NaN when empty. */
  static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  static double[] sorted(List<Double> values) {
    double[] array = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(array);
    return array;
  }

  /** Concurrency of open streams over {@code [from, to)}: min, time-weighted mean, max. */
  record Concurrency(int min, double mean, int max, long firstAtOrAboveMillis) {}

  /**
   * @param target level whose first reach is reported ({@code firstAtOrAboveMillis}, epoch ms, -1
   *     if never) when searching from {@code reachFrom}
   */
  static Concurrency concurrency(
      List<RequestRecord> records, long from, long to, int target, long reachFrom) {
    TreeMap<Long, Integer> deltas = new TreeMap<>();
    for (RequestRecord r : records) {
      if (r.timings().ttfbMillis() == null) {
        continue;
      }
      long open = r.timings().startEpochMillis() + r.timings().ttfbMillis();
      long close =
          r.timings().e2eMillis() == null
              ? open
              : r.timings().startEpochMillis() + r.timings().e2eMillis();
      if (close <= open) {
        continue;
      }
      deltas.merge(open, 1, Integer::sum);
      deltas.merge(close, -1, Integer::sum);
    }
    Sweep sweep = new Sweep(from, to);
    int level = 0;
    long reached = -1;
    long previous = Long.MIN_VALUE;
    for (Map.Entry<Long, Integer> change : deltas.entrySet()) {
      sweep.hold(previous, change.getKey(), level);
      level += change.getValue();
      previous = change.getKey();
      if (reached < 0 && previous >= reachFrom && level >= target) {
        reached = previous;
      }
    }
    sweep.hold(previous, Long.MAX_VALUE, level);
    return new Concurrency(
        sweep.min == Integer.MAX_VALUE ? 0 : sweep.min,
        sweep.area / (to - from),
        sweep.max,
        reached);
  }

  /** Accumulates a piecewise-constant level over a window. */
  private static final class Sweep {
    final long from;
    final long to;
    int min = Integer.MAX_VALUE;
    int max;
    double area;

    Sweep(long from, long to) {
      this.from = from;
      this.to = to;
    }

    void hold(long start, long end, int level) {
      long s = Math.max(start, from);
      long e = Math.min(end, to);
      if (s < e) {
        area += (double) level * (e - s);
        min = Math.min(min, level);
        max = Math.max(max, level);
      }
    }
  }

  /** SSE events received in {@code [from, to)}: content events, and all events. */
  record Events(long content, long all) {}

  static Events events(List<RequestRecord> records, long from, long to) {
    long content = 0;
    long other = 0;
    for (RequestRecord r : records) {
      if (r.timings().ttftMillis() == null) {
        continue;
      }
      long t = r.timings().startEpochMillis() + r.timings().ttftMillis();
      if (t >= from && t < to) {
        content++;
      }
      if (r.timings().itlMillis() != null) {
        for (Long itl : r.timings().itlMillis()) {
          t += itl;
          if (t >= from && t < to) {
            content++;
          }
        }
      }
      if (r.timings().e2eMillis() != null) {
        long end = r.timings().startEpochMillis() + r.timings().e2eMillis();
        if (end >= from && end < to) {
          other += NON_CONTENT_EVENTS;
        }
      }
    }
    return new Events(content, content + other);
  }

  /** Closed-model lag of each request whose start is in {@code [from, to)}, ms. */
  static List<Double> closedLoopLagMillis(List<RequestRecord> records, long from, long to) {
    return ClosedLoopLag.of(records).stream()
        .filter(lag -> lag.startEpochMillis() >= from && lag.startEpochMillis() < to)
        .map(lag -> (double) lag.lagMillis())
        .toList();
  }

  /** Client − engine differences of the requests joined by id, ms. */
  record Accuracy(
      int joined, List<Double> ttfbDelta, List<Double> ttftDelta, List<Double> gapDelta) {
    /** Gatling's clock anchor estimate, ms (see the class Javadoc). */
    double anchorMillis() {
      return -1 - ttfbDelta.stream().mapToDouble(Double::doubleValue).min().orElse(-1);
    }

    static List<Double> abs(List<Double> values, double shift) {
      return values.stream().map(v -> Math.abs(v + shift)).toList();
    }
  }

  static Accuracy accuracy(
      List<RequestRecord> records, List<GroundTruth> truths, long from, long to) {
    return differences(join(records, truths, from, to, null, false), ClientStamps::millis);
  }

  /**
   * A record's client stamps in one unit, ms or µs; an engine stamp (µs) is subtracted in that
   * unit's own arithmetic, so each path keeps the precision it had.
   */
  private record ClientStamps(long microsPerUnit, long start, Long ttfb, Long ttft, Long gap) {
    static ClientStamps millis(RequestRecord r) {
      return new ClientStamps(
          1000,
          r.timings().startEpochMillis(),
          r.timings().ttfbMillis(),
          r.timings().ttftMillis(),
          r.timings().gapMillis());
    }

    static ClientStamps micros(RequestRecord r) {
      return new ClientStamps(
          1,
          r.micros().startEpochMicros(),
          r.micros().ttfbMicros(),
          r.micros().ttftMicros(),
          r.micros().gapMicros());
    }

    /** {@code client} (this unit) − {@code engineMicros}, ms. */
    double minusMillis(long client, long engineMicros) {
      return (client - engineMicros / (double) microsPerUnit) / (1000 / microsPerUnit);
    }
  }

  /** Client − engine TTFB, TTFT and gap, ms, of each joined request that has both sides. */
  private static Accuracy differences(
      List<Joined> joined, Function<RequestRecord, ClientStamps> stampsOf) {
    List<Double> ttfb = new ArrayList<>();
    List<Double> ttft = new ArrayList<>();
    List<Double> gap = new ArrayList<>();
    for (Joined j : joined) {
      ClientStamps client = stampsOf.apply(j.record());
      Long headers = j.truth().headersWrittenEpochMicros();
      Long firstContent = j.truth().firstContentWrittenEpochMicros();
      if (client.ttfb() != null && headers != null) {
        ttfb.add(client.minusMillis(client.start() + client.ttfb(), headers));
      }
      if (client.ttft() != null && firstContent != null) {
        ttft.add(client.minusMillis(client.start() + client.ttft(), firstContent));
        if (client.gap() != null && headers != null) {
          gap.add(client.minusMillis(client.gap(), firstContent - headers));
        }
      }
    }
    return new Accuracy(joined.size(), ttfb, ttft, gap);
  }

  /** A client record and the engine's ground truth of the same request. */
  private record Joined(RequestRecord record, GroundTruth truth) {}

  /**
   * The records that started in [{@code from}, {@code to}), of step {@code step} (any when null)
   * and, when {@code precise}, with a {@code startEpochMicros}, joined with their ground truth by
   * request id.
   */
  private static List<Joined> join(
      List<RequestRecord> records,
      List<GroundTruth> truths,
      long from,
      long to,
      Integer step,
      boolean precise) {
    Map<String, GroundTruth> byId =
        truths.stream()
            .collect(Collectors.toMap(GroundTruth::requestId, Function.identity(), (a, b) -> a));
    List<Joined> joined = new ArrayList<>();
    for (RequestRecord r : records) {
      if (r.identity().requestId() == null
          || (precise && r.micros().startEpochMicros() == null)
          || r.timings().startEpochMillis() < from
          || r.timings().startEpochMillis() >= to
          || (step != null && r.level().step() != step)) {
        continue;
      }
      GroundTruth truth = byId.get(r.identity().requestId());
      if (truth != null) {
        joined.add(new Joined(r, truth));
      }
    }
    return joined;
  }

  /**
   * Client − engine differences, ms, from the records' precise stamps ({@code startEpochMicros},
   * {@code ttfbMicros}, {@code ttftMicros}, {@code gapMicros}); records without them are skipped.
   * Requests are those that started in [{@code from}, {@code to}) whose step is {@code step} (any
   * step when null).
   */
  static Accuracy preciseAccuracy(
      List<RequestRecord> records, List<GroundTruth> truths, long from, long to, Integer step) {
    return differences(join(records, truths, from, to, step, true), ClientStamps::micros);
  }
}
