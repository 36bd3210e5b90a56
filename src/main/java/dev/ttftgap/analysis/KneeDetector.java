package dev.ttftgap.analysis;

import java.util.List;

/**
 * Finds the knee: the first step where the gap's median leaves its low-load band for good.
 *
 * <p>Algorithm overview: the low-load baseline is the first step with at least {@value
 * LowLoadBaseline#MIN_SAMPLES} successful requests; its gap median g0 and median absolute deviation
 * MAD0 give the band's upper edge {@code max(1.5 × g0, g0 + 3 × MAD0, g0 + 20 ms)}. The knee is the
 * first later step whose gap p50 is above the edge and stays above it in every later step that has
 * a gap. Steps with no successful request are skipped.
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
 */
public final class KneeDetector {
  static final double RATIO = 1.5;
  static final double MADS = 3;
  static final double FLOOR_MILLIS = 20;

  private KneeDetector() {}

  static Knee detect(List<StepStats> steps, LowLoadBaseline baseline) {
    if (baseline == null) {
      return new Knee(null, null, null, null, null, null);
    }
    double g0 = baseline.gapP50Millis();
    double mad = Double.isNaN(baseline.gapMadMillis()) ? 0 : baseline.gapMadMillis();
    double edge = Math.max(RATIO * g0, Math.max(g0 + MADS * mad, g0 + FLOOR_MILLIS));
    Integer knee = null;
    Double kneeRate = null;
    Integer kneeConcurrency = null;
    for (StepStats step : steps) {
      if (step.step() <= baseline.step() || step.gap() == null) {
        continue;
      }
      boolean above = step.gap().p50Millis() > edge;
      if (above && knee == null) {
        knee = step.step();
        kneeRate = step.rate();
        kneeConcurrency = step.offeredRate() == null ? step.concurrency() : null;
      } else if (!above) {
        knee = null;
        kneeRate = null;
        kneeConcurrency = null;
      }
    }
    return new Knee(knee, kneeRate, baseline.step(), g0, edge, kneeConcurrency);
  }
}
