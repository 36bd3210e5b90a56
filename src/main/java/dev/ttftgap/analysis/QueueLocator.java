package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Says, step by step, where TTFT's growth under load sits: before the headers (TTFB grew: the
 * connection, a gateway's or worker pool's queue, a TCP accept backlog) or after them (the gap
 * grew: the model's scheduler queue and prefill), and attributes the knee on TTFT.
 *
 * <p>Algorithm overview: the low-load step is {@link LowLoadReference}'s. For every step, growth =
 * the step's percentile minus the low-load step's, for TTFT, TTFB and the gap, at p50 and p95. The
 * share before the headers is {@code ΔTTFB⁺ / (ΔTTFB⁺ + Δgap⁺)} (growths floored at 0). The step's
 * place:
 *
 * <ol>
 *   <li>NONE when its TTFT p50 is within the low-load band of the TTFT knee ({@link
 *       KneeDetector#ttftEdge}: {@code max(1.5 × t0, t0 + 3 × MAD0, t0 + 20 ms)});
 *   <li>else BEFORE_HEADERS when the share is at least {@value #DOMINANT_SHARE}, AFTER_HEADERS when
 *       it is at most 1 − {@value #DOMINANT_SHARE}, BOTH in between (null when neither part grew).
 * </ol>
 *
 * The run's place is NONE when every step is NONE, the one place of the steps that queued when they
 * agree, BOTH when they differ. Each step's header timing is {@link HeaderTimingDetector}'s verdict
 * on that step's requests alone; "at acceptance" turns into {@link HeaderTiming#HELD_BY_QUEUE} at a
 * step whose growth is (partly) before the headers. The TTFT knee ({@link KneeDetector#detectTtft})
 * gets the place of its step.
 *
 * <p>Assumptions: the low-load step does not queue; TTFB and gap are measured on one clock per
 * request, so their growths add up to TTFT's at the mean (at a percentile only roughly, which is
 * why the share, not the sum, decides). A server that sends its headers with the first token puts
 * its whole queue into TTFB: its place reads "before the headers" although the queue may be its
 * scheduler's; the renderers say so from the header timing.
 *
 * <p>Parameters with defaults: dominant share 0.7 (a part that carries at least 70 % of the growth
 * names the place), the TTFT band of {@link KneeDetector} (ratio 1.5, 3 MADs, floor 20 ms). Worked
 * example (llama.cpp, 4 slots, a worker pool of 6): low-load TTFB 3.6 ms and gap 302 ms; at 2 rps
 * TTFB p50 3447 ms and gap 888 ms: ΔTTFB 3443, Δgap 586, share 85 % → before the headers.
 */
final class QueueLocator {
  static final double DOMINANT_SHARE = 0.7;

  private QueueLocator() {}

  /**
   * Where each of {@code steps} (in load order, which {@link QueueLocation#steps} keeps) queues,
   * against {@code baseline} (null: none), with the header timing of each step ({@link
   * HeaderTimingDetector#detectByStep}).
   */
  static QueueLocation locate(
      List<StepStats> steps,
      LowLoadReference baseline,
      Map<Integer, HeaderTimingVerdict> headerTimingByStep) {
    StepStats low =
        baseline == null
            ? null
            : steps.stream().filter(s -> s.step() == baseline.step()).findFirst().orElse(null);
    boolean determined =
        low != null && low.latencies().ttft() != null && low.latencies().ttfb() != null;
    Double edge = determined ? KneeDetector.ttftEdge(baseline, low.latencies().ttft()) : null;
    List<StepQueueLocation> located = new ArrayList<>();
    // in load order, as given: a search run probes its rates out of order
    for (StepStats step : steps) {
      HeaderTimingVerdict timing = headerTimingByStep.get(step.step());
      located.add(locateStep(step, determined ? low : null, edge, timing));
    }
    if (!determined) {
      return new QueueLocation(
          null, null, null, null, null, null, null, null, null, TtftKnee.UNDETERMINED, located);
    }
    QueuePlace place = null;
    Integer before = null;
    Integer after = null;
    Integer both = null;
    for (StepQueueLocation step : located) {
      if (step.place() == null) {
        continue;
      }
      switch (step.place()) {
        case BEFORE_HEADERS -> before = before == null ? step.step() : before;
        case AFTER_HEADERS -> after = after == null ? step.step() : after;
        case BOTH -> both = both == null ? step.step() : both;
        case NONE -> {}
      }
      if (place == null || place == QueuePlace.NONE) {
        place = step.place();
      } else if (step.place() != QueuePlace.NONE && step.place() != place) {
        place = QueuePlace.BOTH;
      }
    }
    TtftKnee knee = KneeDetector.detectTtft(steps, baseline);
    if (knee.found()) {
      int kneeStep = knee.step();
      StepQueueLocation at =
          located.stream().filter(s -> s.step() == kneeStep).findFirst().orElseThrow();
      knee = knee.attributed(at.place(), at.beforeHeadersSharePercent());
    }
    return new QueueLocation(
        place,
        baseline.step(),
        low.latencies().ttfb().p50Millis(),
        low.latencies().gap() == null ? null : low.latencies().gap().p50Millis(),
        low.latencies().ttft().p50Millis(),
        edge,
        before,
        after,
        both,
        knee,
        located);
  }

  private static StepQueueLocation locateStep(
      StepStats step, StepStats low, Double edge, HeaderTimingVerdict timing) {
    HeaderTiming headers = timing == null ? null : timing.timing();
    if (low == null || step.latencies().ttft() == null) {
      return new StepQueueLocation(
          step.step(), null, headers, null, null, null, null, null, null, null, null);
    }
    Double ttft50 = growth(step.latencies().ttft(), low.latencies().ttft(), 50);
    Double ttfb50 = growth(step.latencies().ttfb(), low.latencies().ttfb(), 50);
    Double gap50 = growth(step.latencies().gap(), low.latencies().gap(), 50);
    Double ttft95 = growth(step.latencies().ttft(), low.latencies().ttft(), 95);
    Double ttfb95 = growth(step.latencies().ttfb(), low.latencies().ttfb(), 95);
    Double gap95 = growth(step.latencies().gap(), low.latencies().gap(), 95);
    Double share50 = share(ttfb50, gap50);
    QueuePlace place;
    if (step.latencies().ttft().p50Millis() <= edge) {
      place = QueuePlace.NONE;
    } else if (share50 == null) {
      place = null;
    } else if (share50 >= 100 * DOMINANT_SHARE) {
      place = QueuePlace.BEFORE_HEADERS;
    } else if (share50 <= 100 * (1 - DOMINANT_SHARE)) {
      place = QueuePlace.AFTER_HEADERS;
    } else {
      place = QueuePlace.BOTH;
    }
    if (headers == HeaderTiming.AT_ACCEPT
        && (place == QueuePlace.BEFORE_HEADERS || place == QueuePlace.BOTH)) {
      headers = HeaderTiming.HELD_BY_QUEUE;
    }
    return new StepQueueLocation(
        step.step(),
        place,
        headers,
        ttft50,
        ttfb50,
        gap50,
        share50,
        ttft95,
        ttfb95,
        gap95,
        share(ttfb95, gap95));
  }

  private static Double growth(LatencySummary step, LatencySummary low, int percentile) {
    return step == null || low == null
        ? null
        : step.percentileMillis(percentile) - low.percentileMillis(percentile);
  }

  /** 100 × before⁺ / (before⁺ + after⁺); null when a part is undefined or neither grew. */
  private static Double share(Double before, Double after) {
    if (before == null || after == null) {
      return null;
    }
    double b = Math.max(0, before);
    double a = Math.max(0, after);
    return b + a > 0 ? 100 * b / (b + a) : null;
  }
}
