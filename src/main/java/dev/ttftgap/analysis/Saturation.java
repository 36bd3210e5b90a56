package dev.ttftgap.analysis;

/**
 * Where the server's throughput stops rising with the load: in an open run where the achieved rate
 * stops following the arrival rate ({@link SaturationDetector}), in a closed run where it stops
 * rising with the concurrency ({@link ThroughputPlateauDetector}).
 *
 * @param reached whether a saturated step was found
 * @param step first step of the saturated run to the end; null when not reached
 * @param rate that step's rate, requests/s (open model); null when not reached, and in a closed run
 *     (its load is {@code concurrency})
 * @param saturationRate plateau throughput, requests/s: the estimate of the server's capacity; null
 *     when not reached
 * @param maxAchievedRate highest achieved rate of any step, requests/s: a lower bound of the
 *     capacity when saturation was not reached; null when no step had a window
 * @param thresholdRatio achieved / arrival rate below which a step counts as saturated (open
 *     model); null in a closed run, where arrivals follow completions and the ratio is always ≈ 1
 * @param concurrency the first plateau step's concurrency, streams (closed model); null when not
 *     reached and in an open run
 * @param plateauTolerance how far above a step's throughput a later step may rise while that step
 *     still counts as on the plateau, as a fraction (closed model); null in an open run
 * @param rateLow lowest throughput of a third of a saturated step's settled window (or of a
 *     saturated step, when not judged), requests/s: the interval of {@code saturationRate}; null
 *     when not reached
 * @param rateHigh highest such throughput, requests/s; null when not reached
 */
public record Saturation(
    boolean reached,
    Integer step,
    Double rate,
    Double saturationRate,
    Double maxAchievedRate,
    Double thresholdRatio,
    Integer concurrency,
    Double plateauTolerance,
    Double rateLow,
    Double rateHigh) {

  /** A verdict with its interval from the saturated steps' throughput over time. */
  Saturation withInterval(java.util.List<StepStats> saturatedSteps) {
    if (!reached) {
      return this;
    }
    java.util.List<Double> rates = new java.util.ArrayList<>();
    for (StepStats step : saturatedSteps) {
      if (step.steadyState() != null) {
        rates.addAll(step.steadyState().completionRatesPerThird());
      } else if (step.rates().achievedRate() != null) {
        rates.add(step.rates().achievedRate());
      }
    }
    if (rates.isEmpty()) {
      return this;
    }
    double low = Math.min(saturationRate, java.util.Collections.min(rates));
    double high = Math.max(saturationRate, java.util.Collections.max(rates));
    return new Saturation(
        reached,
        step,
        rate,
        saturationRate,
        maxAchievedRate,
        thresholdRatio,
        concurrency,
        plateauTolerance,
        low,
        high);
  }

  /**
   * A verdict that saturation was not reached, with the best throughput seen and the criterion
   * applied: {@code thresholdRatio} in an open run, {@code plateauTolerance} in a closed one (the
   * other null).
   */
  public static Saturation notReached(
      Double maxAchievedRate, Double thresholdRatio, Double plateauTolerance) {
    return new Saturation(
        false,
        null,
        null,
        null,
        maxAchievedRate,
        thresholdRatio,
        null,
        plateauTolerance,
        null,
        null);
  }
}
