package dev.ttftgap.health;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Cuts a run's {@link LoadGeneratorSample}s per step and decides which steps the load generator can
 * vouch for.
 *
 * <p><b>Algorithm overview.</b> A sample belongs to the step it names (the step running at its end,
 * from the schedule; warm-up, step 0, is left out of the steps and of the run). Per step: the
 * event-loop delay percentiles over every probe tick of every loop; the injection lag percentiles,
 * where in an open run a start's lag is its recorded delay minus the smallest delay of the whole
 * run (the best-served start is taken as on time, which removes the unknown origin of the schedule)
 * and in a closed run each request's start minus the end of the user's previous request ({@link
 * ClosedLoopLag}, from the records); CPU cores = CPU time / wall time, as a share of the
 * processors; GC pause count, total, max and the largest heap after a GC; and, given the records,
 * the stamp delay ({@link StampDelays}: the event-loop stall each request's headers or first token
 * was stamped in, p99 over the step's requests). A step is vouched for when its event-loop delay
 * p99 and its stamp delay p99 are within {@value #MAX_EVENT_LOOP_DELAY_P99_MILLIS} ms and its
 * injection lag p99 within its threshold; otherwise the reason names the first figure over.
 *
 * <p><b>Assumptions.</b> A timestamp the client takes on an event loop is late by at most what the
 * probe on that loop saw (the probe and the I/O share the loop); GC pauses and CPU starvation show
 * up as loop delay. The injection lag does not enter the latencies (Gatling times a request from
 * its own send), but a lagging injector offers less than the step's rate.
 *
 * <p><b>Parameters with defaults.</b> {@value #MAX_EVENT_LOOP_DELAY_P99_MILLIS} ms of event-loop
 * delay p99 (a step above it may have TTFB/TTFT p99 off by more than the few ms the verdicts can
 * bear; on an idle 2-core machine the p99 sits near 0.1 ms); {@value #MAX_INJECTION_LAG_P99_MILLIS}
 * ms of injection lag p99 (Gatling schedules starts to the whole millisecond).
 */
public final class LoadGeneratorAnalysis {
  public static final double MAX_EVENT_LOOP_DELAY_P99_MILLIS = 2.0;
  public static final double MAX_INJECTION_LAG_P99_MILLIS = 10.0;

  private LoadGeneratorAnalysis() {}

  /** The health of each step and of the run; null when {@code samples} is null (no probe file). */
  public static LoadGeneratorHealth analyze(List<LoadGeneratorSample> samples) {
    return analyze(samples, List.of());
  }

  /**
   * As {@link #analyze(List)}; a closed-model run's injection lag comes from {@code records}
   * instead ({@link ClosedLoopLag}: each request against the end of the user's previous one).
   *
   * @param records the run's records; their closed-model steps (with a concurrency) get their lag
   *     from them
   */
  public static LoadGeneratorHealth analyze(
      List<LoadGeneratorSample> samples, List<RequestRecord> records) {
    if (samples == null) {
      return null;
    }
    Set<Integer> closedSteps =
        records.stream()
            .filter(r -> r.level().concurrency() != null)
            .map(r -> r.level().step())
            .collect(Collectors.toSet());
    Map<Integer, List<Long>> closedLagsMicros = new TreeMap<>();
    for (ClosedLoopLag.Lag lag : ClosedLoopLag.of(records)) {
      if (closedSteps.contains(lag.step())) {
        closedLagsMicros
            .computeIfAbsent(lag.step(), k -> new ArrayList<>())
            .add(Math.max(0, lag.lagMillis()) * 1000);
      }
    }
    long origin =
        samples.stream()
            .flatMap(s -> s.injectionDelaysMicros().stream())
            .mapToLong(Long::longValue)
            .min()
            .orElse(0);
    Map<Integer, List<LoadGeneratorSample>> byStep = new TreeMap<>();
    for (LoadGeneratorSample sample : samples) {
      if (sample.step() >= 1) {
        byStep.computeIfAbsent(sample.step(), k -> new ArrayList<>()).add(sample);
      }
    }
    StampDelays stampDelays = StampDelays.of(samples, records);
    List<LoadGeneratorStep> steps = new ArrayList<>();
    byStep.forEach(
        (step, list) ->
            steps.add(
                summarize(
                    step,
                    list,
                    lagsOf(list, origin, closedLagsMicros.get(step)),
                    stampDelays.step(step))));
    List<LoadGeneratorSample> measured = samples.stream().filter(s -> s.step() >= 1).toList();
    List<Long> allClosed =
        closedLagsMicros.entrySet().stream()
            .filter(e -> e.getKey() >= 1)
            .flatMap(e -> e.getValue().stream())
            .toList();
    return new LoadGeneratorHealth(
        steps,
        summarize(
            null,
            measured,
            lagsOf(measured, origin, closedSteps.isEmpty() ? null : allClosed),
            stampDelays.run()),
        MAX_EVENT_LOOP_DELAY_P99_MILLIS,
        MAX_INJECTION_LAG_P99_MILLIS,
        Double.POSITIVE_INFINITY);
  }

  /**
   * The lags, µs, sorted: the closed-model ones when given, else the samples' against the origin.
   */
  private static long[] lagsOf(
      List<LoadGeneratorSample> samples, long injectionOriginMicros, List<Long> closedMicros) {
    if (closedMicros != null) {
      return closedMicros.stream().mapToLong(Long::longValue).sorted().toArray();
    }
    return samples.stream()
        .flatMap(s -> s.injectionDelaysMicros().stream())
        .mapToLong(d -> d - injectionOriginMicros)
        .sorted()
        .toArray();
  }

  private static LoadGeneratorStep summarize(
      Integer step, List<LoadGeneratorSample> samples, long[] lags, long[] stampDelays) {
    long[] loopDelays =
        samples.stream()
            .flatMap(s -> s.eventLoopDelaysMicros().stream())
            .flatMap(List::stream)
            .mapToLong(Long::longValue)
            .sorted()
            .toArray();
    double seconds = samples.stream().mapToDouble(LoadGeneratorSample::intervalMillis).sum() / 1000;
    long cpuNanos = 0;
    double cpuWallMillis = 0;
    Integer processors = null;
    int gcPauses = 0;
    long gcTotal = 0;
    Long gcMax = null;
    Long heapMax = null;
    for (LoadGeneratorSample sample : samples) {
      if (sample.cpuNanos() != null) {
        cpuNanos += sample.cpuNanos();
        cpuWallMillis += sample.intervalMillis();
      }
      if (sample.processors() != null) {
        processors = sample.processors();
      }
      for (long pause : sample.gcPausesMillis()) {
        gcPauses++;
        gcTotal += pause;
        gcMax = gcMax == null ? pause : Math.max(gcMax, pause);
      }
      if (sample.heapAfterGcBytes() != null) {
        heapMax =
            heapMax == null
                ? sample.heapAfterGcBytes()
                : Math.max(heapMax, sample.heapAfterGcBytes());
      }
    }
    Double cores = cpuWallMillis > 0 ? cpuNanos / 1e6 / cpuWallMillis : null;
    Double share = cores != null && processors != null ? 100 * cores / processors : null;
    Double loopP99 = percentileMillis(loopDelays, 99);
    Double lagP99 = percentileMillis(lags, 99);
    Double stampP99 = stampDelays == null ? null : percentileMillis(stampDelays, 99);
    String reason = unvouchedReason(loopP99, stampP99, lagP99);
    Boolean vouched = loopP99 == null && lagP99 == null ? null : reason == null;
    return new LoadGeneratorStep(
        step,
        seconds,
        percentileMillis(loopDelays, 50),
        loopP99,
        loopDelays.length == 0 ? null : loopDelays[loopDelays.length - 1] / 1000.0,
        stampP99,
        lagP99,
        lags.length == 0 ? null : lags[lags.length - 1] / 1000.0,
        cores,
        share,
        gcPauses,
        gcTotal,
        gcMax,
        heapMax,
        vouched,
        reason);
  }

  /** Why a step is not vouched for (a p99 over its limit); null when it is. */
  private static String unvouchedReason(Double loopP99, Double stampP99, Double lagP99) {
    String reason = null;
    if (loopP99 != null && loopP99 > MAX_EVENT_LOOP_DELAY_P99_MILLIS) {
      reason =
          "event-loop delay p99 "
              + ms(loopP99)
              + " ms > "
              + ms(MAX_EVENT_LOOP_DELAY_P99_MILLIS)
              + " ms";
    } else if (stampP99 != null && stampP99 > MAX_EVENT_LOOP_DELAY_P99_MILLIS) {
      reason =
          "stamp delay p99 "
              + ms(stampP99)
              + " ms > "
              + ms(MAX_EVENT_LOOP_DELAY_P99_MILLIS)
              + " ms";
    } else if (lagP99 != null && lagP99 > MAX_INJECTION_LAG_P99_MILLIS) {
      reason =
          "injection lag p99 " + ms(lagP99) + " ms > " + ms(MAX_INJECTION_LAG_P99_MILLIS) + " ms";
    }
    return reason;
  }

  /** Nearest-rank percentile of sorted µs values, ms; null when empty. */
  static Double percentileMillis(long[] sortedMicros, double percentile) {
    if (sortedMicros.length == 0) {
      return null;
    }
    int rank = (int) Math.ceil(percentile / 100 * sortedMicros.length);
    return sortedMicros[Math.max(0, Math.min(sortedMicros.length, rank) - 1)] / 1000.0;
  }

  private static String ms(double millis) {
    return millis >= 10
        ? String.valueOf(Math.round(millis))
        : String.format(java.util.Locale.ROOT, "%.1f", millis);
  }
}
