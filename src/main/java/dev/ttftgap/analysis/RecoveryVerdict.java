package dev.ttftgap.analysis;

import java.util.List;

/**
 * How a launch-spike run's queue rose and drained, and how long the first token took to come back
 * into its low-load band after the burst, next to what the fitted queue predicts.
 *
 * <p>Prediction: above capacity μ the queue grows at {@code (burstRate − μ)} for the burst's
 * duration T, then drains at {@code (μ − baseRate)}: drain = {@code (burstRate − μ)·T / (μ −
 * baseRate)}; 0 when the burst stays below μ.
 *
 * @param plan the burst as run
 * @param windows the short windows from the base before to the run's end
 * @param bandP50Millis upper end of the low-load band of a window's p50 TTFT (from the base before)
 * @param bandP95Millis upper end of the low-load band of a window's p95 TTFT
 * @param recoverySeconds from the burst's end until p50 and p95 are back in the band for good
 *     (window resolution); null when they never came back before the run ended
 * @param peakInFlight the most requests in flight at once (during or after the burst)
 * @param peakServerWaiting the highest server waiting count scraped; null when none was scraped
 * @param capacityRate μ used for the prediction, requests/s; null when unknown
 * @param capacitySource where μ came from: {@code "fitted queue"} (c / S of the G/G/c fit) or
 *     {@code "burst throughput"} (completions per second while the burst queued); null with it
 * @param predictedBacklog requests queued at the burst's end by the prediction; null without μ
 * @param predictedDrainSeconds the prediction's drain time; null without μ, or when μ ≤ base rate
 *     (the queue never drains)
 * @param differencePercent (recovery − predicted) / predicted × 100; null when either is missing
 * @param explanation one sentence when the measured recovery is outside ±25 % of the prediction or
 *     either is missing; null otherwise
 */
public record RecoveryVerdict(
    BurstPlan plan,
    List<RecoveryWindow> windows,
    Double bandP50Millis,
    Double bandP95Millis,
    Double recoverySeconds,
    int peakInFlight,
    Double peakServerWaiting,
    Double capacityRate,
    String capacitySource,
    Double predictedBacklog,
    Double predictedDrainSeconds,
    Double differencePercent,
    String explanation) {
  public RecoveryVerdict {
    windows = List.copyOf(windows);
  }
}
