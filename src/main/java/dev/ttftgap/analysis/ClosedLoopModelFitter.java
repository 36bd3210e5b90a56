package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The queue of a closed run, by Little's law instead of a fitted G/G/c queue.
 *
 * <p>Why not the G/G/c fit of {@link QueueModelFitter}: it assumes open arrivals (Poisson-like, not
 * depending on the server). In a closed run each user's next request waits for its previous one, so
 * arrivals follow completions and the queue can never grow beyond the population: Erlang C does not
 * describe it. Its exact analysis is mean-value analysis of a closed network; with one station and
 * zero think time that reduces to Little's law, which needs no fit.
 *
 * <p>Algorithm overview: X = the plateau throughput ({@link ThroughputPlateauDetector}); S = the
 * mean service time over the plateau steps, e2e − TTFT (the stream after the first token, which
 * holds no queueing) + the low-load mean gap (the prefill); the slots in service are X × S
 * (Little's law on the slots), rounded to c servers. With N streams and N &gt; c, c are served and
 * N − c wait, so (Little's law on the queue) the mean queueing delay is (N − c) / X. Each step
 * beyond c streams checks that prediction against its measured queueing delay (mean gap − low-load
 * mean gap), giving a percentage error.
 *
 * <p>Assumptions: zero think time (each user sends again as soon as its stream ends, as the {@code
 * closed} load model does; client time between requests lowers the effective N a little); FIFO
 * queue; the server's slots are identical. Not built (null) for an open run, without a plateau, or
 * without a low-load baseline or stream times on the plateau.
 *
 * <p>Parameters: none. Example (model profile qwen3-8b-like, 100 → 64 tokens, 2..32 users): X =
 * 7.87 req/s, S = 992 ms → X × S = 7.8 → c = 8; at 32 streams 24 wait, 127 ms each: 3.05 s of
 * queueing predicted, 2.98 s measured.
 */
final class ClosedLoopModelFitter {
  private ClosedLoopModelFitter() {}

  /** Why {@link #fit} returned null in a closed run, for the report. */
  static String notFittedReason(LowLoadReference baseline, Saturation saturation) {
    if (!saturation.reached()) {
      return "the throughput plateau was not reached, so the server's capacity is not measured";
    }
    if (baseline == null) {
      return "no step had enough successful requests for a low-load baseline";
    }
    return "no completed stream on the plateau to measure the service time";
  }

  static ClosedLoopModel fit(
      List<StepStats> steps,
      List<StepSamples> samples,
      LowLoadReference baseline,
      Saturation saturation) {
    if (LoadModel.of(steps) != LoadModel.CLOSED || !saturation.reached() || baseline == null) {
      return null;
    }
    long n = 0;
    long sum = 0;
    for (StepSamples sample : samples) {
      if (sample.step >= saturation.step()) {
        n += sample.streamCount;
        sum += sample.streamSumMillis;
      }
    }
    if (n == 0) {
      return null;
    }
    double throughput = saturation.saturationRate();
    double serviceMillis = (double) sum / n + baseline.gapMeanMillis();
    double busySlots = throughput * serviceMillis / 1000;
    int servers = (int) Math.max(1, Math.round(busySlots));
    double waitPerStream = 1000 / throughput;
    List<ClosedLoopModel.StepCheck> checks = new ArrayList<>();
    double apeSum = 0;
    for (StepStats step : steps) {
      if (step.concurrency() == null
          || step.concurrency() <= servers
          || step.queueing().queueingDelayMillis() == null) {
        continue;
      }
      double predicted = (step.concurrency() - servers) * waitPerStream;
      double measured = step.queueing().queueingDelayMillis();
      checks.add(
          new ClosedLoopModel.StepCheck(step.step(), step.concurrency(), measured, predicted));
      apeSum += Math.abs(predicted - measured) / Math.max(measured, 1);
    }
    return new ClosedLoopModel(
        throughput,
        serviceMillis,
        busySlots,
        servers,
        waitPerStream,
        checks,
        checks.isEmpty() ? null : 100 * apeSum / checks.size());
  }
}
