package dev.ttftgap.analysis;

import java.util.Locale;

/**
 * Compares a launch spike's measured recovery with the fluid queue's prediction ({@link
 * RecoveryPrediction}) and says in one sentence why they differ or what is missing.
 *
 * <p>Difference: {@code (measured − predicted) / predicted × 100}; 0 when both are 0 s, null when
 * either is missing or only the prediction is 0 s. The sentence comes when the difference is beyond
 * ±{@value #TOLERANCE_PERCENT} % or a figure is missing, the first that applies of: no low-load
 * band, no capacity, a capacity not above the base rate, no recovery by the run's end, a recovery
 * the prediction had no backlog for, the difference itself. The measured recovery has the windows'
 * resolution, so a short drain can differ by more than 25 % by that alone: the sentence says so.
 * When the fitted queue gave μ and the burst's own throughput gives another, by more than 25 %, the
 * sentence adds the drain that one predicts.
 */
final class RecoveryExplanation {
  /** The largest difference, percent, that needs no explanation. */
  static final double TOLERANCE_PERCENT = 25;

  private RecoveryExplanation() {}

  /** (measured − predicted) / predicted × 100; see the class Javadoc for the missing cases. */
  static Double differencePercent(Double measuredSeconds, Double predictedSeconds) {
    if (measuredSeconds == null || predictedSeconds == null) {
      return null;
    }
    if (predictedSeconds == 0) {
      return measuredSeconds == 0 ? 0.0 : null;
    }
    return (measuredSeconds - predictedSeconds) / predictedSeconds * 100;
  }

  /**
   * The sentence; null when the measured recovery is within ±25 % of the prediction.
   *
   * @param band the low-load band; null when there was none
   * @param measuredSeconds the measured recovery; null when not recovered
   * @param prediction the prediction
   * @param alternative the prediction from the burst's throughput when the fit gave μ; else null
   * @param windowSeconds the windows' length, s
   */
  static String explain(
      RecoveryBand band,
      Double measuredSeconds,
      RecoveryPrediction prediction,
      RecoveryPrediction alternative,
      int windowSeconds) {
    String missing = missing(band, measuredSeconds, prediction);
    if (missing != null) {
      return missing;
    }
    double predicted = prediction.drainSeconds();
    Double difference = differencePercent(measuredSeconds, predicted);
    if (difference == null) {
      return format(
          "TTFT took %.0f s to come back into its band although the burst stayed below the"
              + " capacity of %.1f req/s (%s), which predicts no backlog",
          measuredSeconds, prediction.capacityRate(), prediction.capacitySource());
    }
    if (Math.abs(difference) <= TOLERANCE_PERCENT) {
      return null;
    }
    String sentence =
        format(
            "the measured recovery, %.0f s, is %.0f %% %s than the %.1f s predicted from the %s"
                + " (μ = %.1f req/s)",
            measuredSeconds,
            Math.abs(difference),
            difference > 0 ? "longer" : "shorter",
            predicted,
            prediction.capacitySource(),
            prediction.capacityRate());
    if (Math.abs(measuredSeconds - predicted) <= windowSeconds) {
      sentence += format(", within one %d s window: the windows' resolution", windowSeconds);
    }
    return sentence + otherwise(prediction, alternative);
  }

  private static String missing(
      RecoveryBand band, Double measuredSeconds, RecoveryPrediction prediction) {
    if (band == null) {
      return "no low-load band: no window of the base before the burst had a successful request";
    }
    if (prediction.capacityRate() == null) {
      return measuredSeconds == null
          ? "no capacity to predict from (no fitted queue, and completions kept up with arrivals"
              + " during the burst) and the queue had not drained by the run's end"
          : "the burst stayed below capacity: completions kept up with arrivals, so no capacity"
              + " was read and no drain is predicted";
    }
    if (prediction.drainSeconds() == null) {
      return format(
          "the capacity, %.1f req/s (%s), is not above the base rate of %.1f req/s: the predicted"
              + " queue never drains",
          prediction.capacityRate(), prediction.capacitySource(), prediction.baseRate());
    }
    if (measuredSeconds == null) {
      return format(
          "the queue had not drained by the run's end: TTFT was still above its low-load band in"
              + " the last window, against a predicted drain of %.1f s",
          prediction.drainSeconds());
    }
    return null;
  }

  /** The clause on the burst-throughput prediction when it differs from the fit's by > 25 %. */
  private static String otherwise(RecoveryPrediction fitted, RecoveryPrediction alternative) {
    if (alternative == null
        || alternative.capacityRate() == null
        || alternative.drainSeconds() == null
        || Math.abs(alternative.capacityRate() - fitted.capacityRate())
            <= TOLERANCE_PERCENT / 100 * fitted.capacityRate()) {
      return "";
    }
    return format(
        "; the burst's throughput, %.1f req/s, predicts %.1f s",
        alternative.capacityRate(), alternative.drainSeconds());
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
