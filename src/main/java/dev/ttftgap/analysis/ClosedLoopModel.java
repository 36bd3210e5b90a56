package dev.ttftgap.analysis;

import java.util.List;

/**
 * What a closed run's plateau says about the server, by Little's law (see {@link
 * ClosedLoopModelFitter}): {@code servers} requests in service at once, each taking {@code
 * serviceTimeMillis}, completing {@code plateauThroughput} requests/s; beyond that many streams,
 * every further stream waits in the queue.
 *
 * @param plateauThroughput X: the plateau throughput, requests/s
 * @param serviceTimeMillis S: mean time a request holds a slot at the plateau (low-load gap for the
 *     prefill + e2e − TTFT), ms
 * @param busySlots X × S: requests in service at once at the plateau (Little's law on the slots)
 * @param servers busySlots rounded, at least 1: the server's concurrent sequences
 * @param waitMillisPerStream 1 / X, ms: the queueing delay each stream beyond {@code servers} adds
 * @param checkedSteps per step beyond {@code servers} streams, measured vs predicted queueing delay
 * @param fitMapePercent mean absolute percentage error of the predicted vs measured queueing delay
 *     over {@code checkedSteps}; null when there is none
 */
public record ClosedLoopModel(
    double plateauThroughput,
    double serviceTimeMillis,
    double busySlots,
    int servers,
    double waitMillisPerStream,
    List<StepCheck> checkedSteps,
    Double fitMapePercent) {

  public ClosedLoopModel {
    checkedSteps = List.copyOf(checkedSteps);
  }

  /**
   * Mean queueing delay at {@code concurrency} streams, ms: (N − servers) × 1 / X, 0 up to {@code
   * servers} streams.
   */
  public double predictedQueueingDelayMillis(int concurrency) {
    return Math.max(0, concurrency - servers) * waitMillisPerStream;
  }

  /**
   * A step's measured mean queueing delay (mean gap − low-load mean gap) against the prediction.
   */
  public record StepCheck(
      int step,
      int concurrency,
      double measuredQueueingDelayMillis,
      double predictedQueueingDelayMillis) {}
}
