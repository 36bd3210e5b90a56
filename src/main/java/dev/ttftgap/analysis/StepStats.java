package dev.ttftgap.analysis;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Statistics of one load step. Latencies cover the step's successful requests; rates and
 * concurrency are measured over the step window (see {@link StepStatistics}). A null component is
 * undefined (too few requests, or not measured), never zero.
 *
 * @param step 1-based step index
 * @param label the step's label as recorded, e.g. {@code "step 3 · 6 rps"}
 * @param offeredRate configured arrival rate, requests/s (open model); null for a closed model
 * @param concurrency configured concurrency (closed model); null for an open model
 * @param requests requests that started in the step
 * @param okRequests of which succeeded
 * @param failedRequests of which failed on the server's side (requests the tool cut itself are in
 *     {@code cutByClientRequests} instead)
 * @param failuresByReason failed requests by {@code FailureReason} code, sorted by code
 * @param errorRatePercent failed requests, percent of {@code requests} minus {@code
 *     cutByClientRequests}
 * @param windowSeconds length of the step window, s
 * @param arrivalRate requests started per second of the window
 * @param achievedRate successful completions per second of the window (throughput)
 * @param meanConcurrency L: requests in flight, time-averaged over the window
 * @param littleConcurrency λ·W: arrival rate times mean time in system of the step's requests
 * @param littleRelativeDifference (L − λ·W) / (λ·W)
 * @param ttfb send → headers
 * @param ttft send → first token
 * @param gap TTFT − TTFB
 * @param itl every interval between consecutive content events
 * @param tpot time per output token after the first
 * @param e2e send → end of stream
 * @param serverQueue the server's reported queue time ({@code queue_time_ms}), when reported
 * @param serverQueueDepth mean server queue length by Little's law, arrival rate × mean server
 *     queue time, when the server reports queue time
 * @param queueingDelayMillis mean gap minus the low-load mean gap (floored at 0)
 * @param queueingSharePercent queueing delay as a percent of the mean TTFT where the median gap has
 *     left its low-load band ({@link KneeDetector}'s edge); 0 where it has not (a rise within the
 *     band is noise, not queueing)
 * @param steadyState whether the step's queue held still ({@link SteadyStateDetector}); null when
 *     the step had too few requests to judge
 * @param cutByClientRequests requests the tool cut itself ({@code interrupted}, {@code
 *     stopped_by_breaker}): never counted against the server
 * @param malformedChunks stream events of the step's requests that were not valid chunks, counted
 *     even in requests that ended ok
 * @param stalledPercent successful requests with at least one stall (an inter-token pause ≥ 10 ×
 *     their median ITL and ≥ 100 ms, as a preempting server causes), percent of those whose records
 *     count stalls; null when none does
 * @param longestStallMillis the longest stall of the step; null without a stall
 * @param outputTokensPerSec output tokens of the step's successful requests per second of its
 *     window; null when no record counts its tokens ({@link StepGoodput})
 * @param goodputPerSec the step's successful requests that each met the SLO's latency limits (TTFT
 *     and gap at most the p95 limits) per second of its window, DistServe's goodput; every
 *     successful request counts when the SLO gives no latency limit ({@link StepGoodput})
 */
public record StepStats(
    int step,
    String label,
    Double offeredRate,
    Integer concurrency,
    int requests,
    int okRequests,
    int failedRequests,
    Map<String, Integer> failuresByReason,
    double errorRatePercent,
    Double windowSeconds,
    Double arrivalRate,
    Double achievedRate,
    Double meanConcurrency,
    Double littleConcurrency,
    Double littleRelativeDifference,
    LatencySummary ttfb,
    LatencySummary ttft,
    LatencySummary gap,
    LatencySummary itl,
    LatencySummary tpot,
    LatencySummary e2e,
    LatencySummary serverQueue,
    Double serverQueueDepth,
    Double queueingDelayMillis,
    Double queueingSharePercent,
    SteadyState steadyState,
    int cutByClientRequests,
    int malformedChunks,
    Double stalledPercent,
    Long longestStallMillis,
    Double outputTokensPerSec,
    Double goodputPerSec) {

  public StepStats {
    failuresByReason = Collections.unmodifiableMap(new TreeMap<>(failuresByReason));
  }

  /** This step with its output tokens/s and goodput ({@link StepGoodput}). */
  public StepStats withDelivery(Double outputTokensPerSec, Double goodputPerSec) {
    return new StepStats(
        step,
        label,
        offeredRate,
        concurrency,
        requests,
        okRequests,
        failedRequests,
        failuresByReason,
        errorRatePercent,
        windowSeconds,
        arrivalRate,
        achievedRate,
        meanConcurrency,
        littleConcurrency,
        littleRelativeDifference,
        ttfb,
        ttft,
        gap,
        itl,
        tpot,
        e2e,
        serverQueue,
        serverQueueDepth,
        queueingDelayMillis,
        queueingSharePercent,
        steadyState,
        cutByClientRequests,
        malformedChunks,
        stalledPercent,
        longestStallMillis,
        outputTokensPerSec,
        goodputPerSec);
  }

  /** False only when the step was judged and found not steady (null: not judged). */
  public boolean unsteady() {
    return steadyState != null && !steadyState.steady();
  }

  /**
   * The step's load on the x axis, requests/s: the offered rate when configured, else the measured
   * arrival rate (closed model); null when neither is known.
   */
  public Double rate() {
    return offeredRate != null ? offeredRate : arrivalRate;
  }
}
