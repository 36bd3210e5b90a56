package dev.ttftgap.analysis;

import java.util.List;

/**
 * What the samples of the fitted steps say about arrivals and service, for {@link
 * QueueModelFitter}: the squared coefficients of variation Ca² and Cs² and the mean service time
 * where the servers were busiest.
 */
final class QueueMeasurements {
  private QueueMeasurements() {}

  /**
   * Mean service time (prefill + stream after the first token) where the servers were busiest: over
   * the saturated steps when saturation was reached, else in the last fitted step; null when no
   * stream time was recorded there.
   */
  static Double measuredServiceMillis(
      List<StepSamples> samples,
      List<FitStep> fitSteps,
      LowLoadReference baseline,
      Saturation saturation) {
    long n = 0;
    long sum = 0;
    for (StepSamples sample : samples) {
      boolean busiest =
          saturation.reached()
              ? sample.step >= saturation.step()
              : sample.step == fitSteps.get(fitSteps.size() - 1).step();
      if (busiest) {
        n += sample.streamCount;
        sum += sample.streamSumMillis;
      }
    }
    return n == 0 ? null : (double) sum / n + baseline.gapMeanMillis();
  }

  /** Squared coefficient of variation of inter-arrival times pooled over the fitted steps. */
  static double arrivalCv2(List<FitStep> fitSteps, List<StepSamples> samples) {
    long n = 0;
    double weightedCv2 = 0;
    for (FitStep step : fitSteps) {
      for (StepSamples sample : samples) {
        if (sample.step == step.step() && sample.interArrivalCount >= 2) {
          // per step, so that a staircase's changing rate is not read as variability
          double mean = (double) sample.interArrivalSumMillis / sample.interArrivalCount;
          double variance =
              Math.max(
                  0,
                  (sample.interArrivalSumSquaresMillis2 - sample.interArrivalCount * mean * mean)
                      / (sample.interArrivalCount - 1));
          if (mean > 0) {
            weightedCv2 += sample.interArrivalCount * variance / (mean * mean);
            n += sample.interArrivalCount;
          }
        }
      }
    }
    return n == 0 ? 1 : Math.min(4, weightedCv2 / n);
  }

  /**
   * Squared coefficient of variation of the service time (stream after the first token + the
   * low-load mean gap) pooled over the fitted steps; 1 when fewer than 2 streams were recorded.
   */
  static double serviceCv2(
      List<FitStep> fitSteps, List<StepSamples> samples, LowLoadReference baseline) {
    long n = 0;
    long sum = 0;
    long sumSquares = 0;
    for (FitStep step : fitSteps) {
      for (StepSamples sample : samples) {
        if (sample.step == step.step()) {
          n += sample.streamCount;
          sum += sample.streamSumMillis;
          sumSquares += sample.streamSumSquaresMillis2;
        }
      }
    }
    if (n < 2) {
      return 1;
    }
    double streamMean = (double) sum / n;
    double variance = Math.max(0, (sumSquares - n * streamMean * streamMean) / (n - 1));
    double serviceMean = streamMean + baseline.gapMeanMillis();
    if (serviceMean <= 0) {
      return 1;
    }
    return Math.min(4, variance / (serviceMean * serviceMean));
  }
}
