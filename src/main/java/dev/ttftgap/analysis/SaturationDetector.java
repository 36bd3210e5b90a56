package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Saturation: the load where the server's throughput stops following the arrival rate.
 *
 * <p>Algorithm overview: a step is saturated when its achieved rate (successful completions per
 * second of its window) is below {@value #THRESHOLD_RATIO} × its measured arrival rate. The
 * saturation step is the first step of the run of saturated steps that lasts to the end of the test
 * (an isolated dip followed by healthy steps is noise). The saturation estimate is the plateau
 * throughput: the median achieved rate of the saturated steps, since a server whose queue never
 * empties completes requests at its capacity whatever the arrival rate (the median, not the
 * maximum, so one lucky window does not inflate it).
 *
 * <p>Assumptions: an open model (arrivals do not wait for completions). The measured arrival rate,
 * not the configured one, is compared, so a load generator that falls behind is not mistaken for a
 * saturated server; completions of the previous step that drain into a window are counted, which
 * matches a server that never idles once saturated. In a closed model (fixed concurrency) arrivals
 * follow completions, so this test never fires: {@link ThroughputPlateauDetector} reads the plateau
 * of the achieved rate instead.
 *
 * <p>Parameters with defaults: threshold ratio 0.9. Example: arrivals 20/s, completions 16/s →
 * ratio 0.8, saturated; the plateau of 16/s is the capacity estimate.
 */
public final class SaturationDetector {
  /** Achieved / arrival rate below which a step is saturated. */
  public static final double THRESHOLD_RATIO = 0.9;

  private SaturationDetector() {}

  static Saturation detect(List<StepStats> steps) {
    Double maxAchieved = null;
    int firstSaturated = -1;
    for (int i = 0; i < steps.size(); i++) {
      StepStats step = steps.get(i);
      if (step.rates().achievedRate() == null || step.rates().arrivalRate() == null) {
        continue;
      }
      maxAchieved =
          maxAchieved == null
              ? step.rates().achievedRate()
              : Math.max(maxAchieved, step.rates().achievedRate());
      boolean saturated =
          step.rates().achievedRate() < THRESHOLD_RATIO * step.rates().arrivalRate();
      if (saturated && firstSaturated < 0) {
        firstSaturated = i;
      } else if (!saturated) {
        firstSaturated = -1;
      }
    }
    if (firstSaturated < 0) {
      return Saturation.notReached(maxAchieved, THRESHOLD_RATIO, null);
    }
    List<Double> plateau = new ArrayList<>();
    for (int i = firstSaturated; i < steps.size(); i++) {
      Double achieved = steps.get(i).rates().achievedRate();
      if (achieved != null) {
        plateau.add(achieved);
      }
    }
    double median = Percentiles.median(plateau).orElseThrow();
    StepStats step = steps.get(firstSaturated);
    return new Saturation(
            true,
            step.step(),
            step.rate(),
            median,
            maxAchieved,
            THRESHOLD_RATIO,
            null,
            null,
            null,
            null)
        .withInterval(steps.subList(firstSaturated, steps.size()));
  }
}
