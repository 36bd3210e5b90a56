package dev.ttftgap.analysis;

import java.util.List;

/**
 * One request class's own analysis in a run of several: its records' statistics per step (the step
 * levels are the run's total offered rate), where its gap leaves the low-load band, and the highest
 * total rate at which it meets its own SLO.
 *
 * @param name the class's name
 * @param share its share of arrivals as the profile gives it
 * @param slo its limits
 * @param requests its measured records (warm-up left out)
 * @param steps its statistics per step, in step order (TTFB, gap, TTFT, e2e, errors)
 * @param knee where its gap leaves its low-load band, in total rate
 * @param verdict the highest total arrival rate at which this class meets its SLO, steady
 */
public record ClassReport(
    String name,
    double share,
    Slo slo,
    long requests,
    List<StepStats> steps,
    Knee knee,
    SloVerdict verdict) {
  public ClassReport {
    steps = List.copyOf(steps);
  }
}
