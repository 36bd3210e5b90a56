package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * One step the queue model is fitted to (see {@link QueueModelFitter}): its measured arrival rate λ
 * (req/s), the queueing delay measured there (ms), the gap median (ms) and where the delay came
 * from ({@code "server_queue_time"} or {@code "gap"}).
 */
record FitStep(int step, double rate, double delayMillis, double gapP50Millis, String source) {

  /**
   * The steps to fit: at least {@value QueueModelFitter#MIN_STEP_SAMPLES} successful requests and a
   * measured rate, before the saturation step and at most {@value
   * QueueModelFitter#MAX_FITTED_UTILISATION} × its rate; the delay is the server's queue time when
   * every such step reports it for half its requests, else the gap mean above the low-load one.
   */
  static List<FitStep> fitSteps(
      List<StepStats> steps, LowLoadReference baseline, Saturation saturation) {
    List<StepStats> candidates = new ArrayList<>();
    for (StepStats step : steps) {
      if (saturation.reached() && step.step() >= saturation.step()) {
        break;
      }
      Double rate =
          step.rates().arrivalRate() != null ? step.rates().arrivalRate() : step.offeredRate();
      boolean nearSaturation =
          saturation.reached()
              && rate != null
              && rate > QueueModelFitter.MAX_FITTED_UTILISATION * saturation.saturationRate();
      if (rate != null
          && rate > 0
          && !nearSaturation
          && step.latencies().gap() != null
          && step.latencies().gap().count() >= QueueModelFitter.MIN_STEP_SAMPLES) {
        candidates.add(step);
      }
    }
    long withServerQueue =
        candidates.stream()
            .filter(
                s ->
                    s.queueing().serverQueue() != null
                        && s.queueing().serverQueue().count() * 2 >= s.counts().okRequests())
            .count();
    boolean useServerQueue = !candidates.isEmpty() && withServerQueue == candidates.size();
    List<FitStep> fitSteps = new ArrayList<>();
    for (StepStats step : candidates) {
      double rate =
          step.rates().arrivalRate() != null ? step.rates().arrivalRate() : step.offeredRate();
      double delay =
          useServerQueue
              ? step.queueing().serverQueue().meanMillis()
              : Math.max(0, step.latencies().gap().meanMillis() - baseline.gapMeanMillis());
      fitSteps.add(
          new FitStep(
              step.step(),
              rate,
              delay,
              step.latencies().gap().p50Millis(),
              useServerQueue ? "server_queue_time" : "gap"));
    }
    return fitSteps;
  }

  /** The largest measured delay over the steps (ms), 0 when there are none. */
  static double maxDelayMillis(List<FitStep> fitSteps) {
    return fitSteps.stream().mapToDouble(FitStep::delayMillis).max().orElse(0);
  }
}
