package dev.ttftgap.analysis;

import java.util.List;
import java.util.function.Function;

/**
 * Finds the knee: the first step where the gap's median leaves its low-load band for good.
 *
 * <p>Algorithm overview: the low-load baseline is the first step with at least {@value
 * LowLoadReference#MIN_SAMPLES} successful requests; its gap median g0 and median absolute
 * deviation MAD0 give the band's upper edge {@code max(1.5 × g0, g0 + 3 × MAD0, g0 + 20 ms)}. The
 * knee is the first later step whose gap p50 is above the edge and stays above it in every later
 * step that has a gap. Steps with no successful request are skipped.
 *
 * <p>The tail is tested the same way: the low-load p95 gap g95 gives the band {@code max(1.5 × g95,
 * g95 + 20 ms)} for each step's p95 gap. Bursts (Poisson arrivals) queue a few requests long before
 * the median moves, so the p95 often leaves its band one or more steps earlier; the report says
 * which moved first. The knee's interval is (the previous step's load, the knee step's load].
 * Without a steady low-load step (e.g. a run of one overloaded step) there is no band: the knee is
 * not determined, which is not the same as "no knee".
 *
 * <p>The same test holds for a closed run (steps of concurrency): there too a queue forms once the
 * load outgrows the server's free slots, and the gap is where it shows; the knee is then read at
 * the step's concurrency.
 *
 * <p>Assumptions: steps are in increasing load order and the first step is light enough that the
 * server does not queue; queueing grows with load, so a single step above the band followed by
 * steps inside it is noise, not a knee.
 *
 * <p>Parameters with defaults: ratio 1.5 (a 50 % rise of the median), 3 MADs (robust noise band),
 * absolute floor 20 ms (below it a rise is not visible to a user and within network jitter). Worked
 * example: g0 = 40 ms, MAD0 = 4 ms → edge = max(60, 52, 60) = 60 ms, so a step with p50 gap 75 ms
 * is past the knee, one at 55 ms is not.
 *
 * <p>{@link #detectTtft} applies the same band, from the same low-load step, to TTFT (what the user
 * feels): TTFT's median t0, its MAD and its p95 give the edges; {@link QueueLocator} then says
 * whether the growth at that knee lies before or after the headers. A queue before the headers
 * (worker pool, gateway) moves TTFT while the gap stays in its band, so the gap knee alone misses
 * it.
 */
final class KneeDetector {
  static final double RATIO = 1.5;
  static final double MADS = 3;
  static final double FLOOR_MILLIS = 20;

  private KneeDetector() {}

  static Knee detect(List<StepStats> steps, LowLoadReference baseline) {
    if (baseline == null) {
      return new Knee(null, null, null, null, null, null, null, null, null, null, null, null);
    }
    double g0 = baseline.gapP50Millis();
    double edge = edge(baseline);
    double[] quantiles = baseline.gapQuantilesMillis();
    Double g95 = quantiles == null || quantiles.length < 96 ? null : quantiles[95];
    Double edge95 = g95 == null ? null : Math.max(RATIO * g95, g95 + FLOOR_MILLIS);
    StepStats p50Knee = firstLeaving(steps, baseline.step(), edge, s -> s.latencies().gap(), 50);
    StepStats p95Knee =
        edge95 == null
            ? null
            : firstLeaving(steps, baseline.step(), edge95, s -> s.latencies().gap(), 95);
    String firstMoved = firstMoved(p50Knee, p95Knee);
    return new Knee(
        p50Knee == null ? null : p50Knee.step(),
        p50Knee == null ? null : p50Knee.rate(),
        baseline.step(),
        g0,
        edge,
        p50Knee == null || p50Knee.offeredRate() != null ? null : p50Knee.concurrency(),
        p50Knee == null ? null : previousLoad(steps, p50Knee),
        p95Knee == null ? null : p95Knee.step(),
        p95Knee == null ? null : load(p95Knee),
        g95,
        edge95,
        firstMoved);
  }

  /**
   * The knee on TTFT: the first step after the low-load one whose TTFT p50 is above {@code max(1.5
   * × t0, t0 + 3 × MAD0, t0 + 20 ms)} and stays so (t0, MAD0: the low-load step's TTFT median and
   * MAD), its p95 likewise against {@code max(1.5 × t95, t95 + 20 ms)}. Not yet attributed: {@link
   * QueueLocator} adds where the growth is.
   */
  static TtftKnee detectTtft(List<StepStats> steps, LowLoadReference baseline) {
    StepStats low =
        baseline == null
            ? null
            : steps.stream().filter(s -> s.step() == baseline.step()).findFirst().orElse(null);
    if (low == null || low.latencies().ttft() == null) {
      return TtftKnee.UNDETERMINED;
    }
    double t0 = low.latencies().ttft().p50Millis();
    double edge = ttftEdge(baseline, low.latencies().ttft());
    double t95 = low.latencies().ttft().p95Millis();
    double edge95 = Math.max(RATIO * t95, t95 + FLOOR_MILLIS);
    StepStats p50Knee = firstLeaving(steps, baseline.step(), edge, s -> s.latencies().ttft(), 50);
    StepStats p95Knee = firstLeaving(steps, baseline.step(), edge95, s -> s.latencies().ttft(), 95);
    return new TtftKnee(
        p50Knee == null ? null : p50Knee.step(),
        p50Knee == null ? null : p50Knee.rate(),
        p50Knee == null || p50Knee.offeredRate() != null ? null : p50Knee.concurrency(),
        p50Knee == null ? null : previousLoad(steps, p50Knee),
        baseline.step(),
        t0,
        edge,
        p95Knee == null ? null : p95Knee.step(),
        p95Knee == null ? null : load(p95Knee),
        t95,
        edge95,
        firstMoved(p50Knee, p95Knee),
        null,
        null);
  }

  /**
   * The upper edge of the low-load band of the median gap, {@code max(1.5 × g0, g0 + 3 × MAD0, g0 +
   * 20 ms)}: a step whose gap p50 is at or below it has not started to queue.
   */
  static double edge(LowLoadReference baseline) {
    return edge(baseline.gapP50Millis(), baseline.gapMadMillis());
  }

  /** The same edge for the median TTFT of the low-load step, whose TTFT is {@code lowLoadTtft}. */
  static double ttftEdge(LowLoadReference baseline, LatencySummary lowLoadTtft) {
    return edge(lowLoadTtft.p50Millis(), baseline.ttftMadMillis());
  }

  private static double edge(double median, double madMillis) {
    double mad = Double.isNaN(madMillis) ? 0 : madMillis;
    return Math.max(RATIO * median, Math.max(median + MADS * mad, median + FLOOR_MILLIS));
  }

  private static String firstMoved(StepStats p50Knee, StepStats p95Knee) {
    if (p50Knee == null && p95Knee == null) {
      return null;
    } else if (p50Knee == null || (p95Knee != null && p95Knee.step() < p50Knee.step())) {
      return "p95";
    } else if (p95Knee == null || p50Knee.step() < p95Knee.step()) {
      return "p50";
    }
    return "together";
  }

  /**
   * The first step after {@code baselineStep} whose {@code metric} percentile is above {@code edge}
   * and stays so.
   */
  private static StepStats firstLeaving(
      List<StepStats> steps,
      int baselineStep,
      double edge,
      Function<StepStats, LatencySummary> metric,
      int percentile) {
    StepStats knee = null;
    for (StepStats step : steps) {
      LatencySummary summary = metric.apply(step);
      if (step.step() <= baselineStep || summary == null) {
        continue;
      }
      double value = percentile == 50 ? summary.p50Millis() : summary.p95Millis();
      boolean above = value > edge;
      if (above && knee == null) {
        knee = step;
      } else if (!above) {
        knee = null;
      }
    }
    return knee;
  }

  private static Double load(StepStats step) {
    return step.offeredRate() == null && step.concurrency() != null
        ? Double.valueOf(step.concurrency())
        : step.rate();
  }

  /** The load of the step listed before {@code knee} (steps come in load order). */
  private static Double previousLoad(List<StepStats> steps, StepStats knee) {
    int at = steps.indexOf(knee);
    return at > 0 ? load(steps.get(at - 1)) : null;
  }
}
