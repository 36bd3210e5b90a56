package dev.ttftgap.analysis;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Statistics of one load step, in named parts: what the step was (its index, label and configured
 * load), then its counts, rates, latencies, queueing, stream health and steadiness. Latencies cover
 * the step's successful requests; rates and concurrency are measured over the step window (see
 * {@link StepStatsCalculator}). A null figure is undefined (too few requests, or not measured),
 * never zero; the parts themselves are never null.
 *
 * @param step 1-based step index
 * @param label the step's label as recorded, e.g. {@code "step 3 · 6 rps"}
 * @param offeredRate configured arrival rate, requests/s (open model); null for a closed model
 * @param concurrency configured concurrency (closed model); null for an open model
 * @param counts how many requests started, succeeded and failed
 * @param rates arrivals, throughput, concurrency and delivery over the step window
 * @param latencies the latency percentiles of the step's successful requests
 * @param queueing the server's queue and the queueing delay the gap shows
 * @param stream what the streams did besides their latencies: cuts, malformed chunks, stalls
 * @param steadyState whether the step's queue held still ({@link SteadyStateDetector}); null when
 *     the step had too few requests to judge
 * @param firstTokens the first output of each kind (answer, reasoning, tool call): a reasoning
 *     model's or an agent's user waits for a different token than TTFT's first output of any kind
 */
public record StepStats(
    int step,
    String label,
    Double offeredRate,
    Integer concurrency,
    Counts counts,
    Rates rates,
    Latencies latencies,
    Queueing queueing,
    StreamHealth stream,
    SteadyState steadyState,
    FirstTokens firstTokens) {

  public StepStats {
    firstTokens = firstTokens == null ? FirstTokens.NONE : firstTokens;
    Objects.requireNonNull(counts, "counts");
    Objects.requireNonNull(rates, "rates");
    Objects.requireNonNull(latencies, "latencies");
    Objects.requireNonNull(queueing, "queueing");
    Objects.requireNonNull(stream, "stream");
  }

  /**
   * The step's requests.
   *
   * @param requests requests that started in the step
   * @param okRequests of which succeeded
   * @param failedRequests of which failed on the server's side (requests the tool cut itself are in
   *     {@link StreamHealth#cutByClientRequests} instead)
   * @param failuresByReason failed requests by {@code FailureReason} code, sorted by code
   * @param errorRatePercent failed requests, percent of {@code requests} minus {@link
   *     StreamHealth#cutByClientRequests}
   */
  public record Counts(
      int requests,
      int okRequests,
      int failedRequests,
      Map<String, Integer> failuresByReason,
      double errorRatePercent) {

    public Counts {
      failuresByReason = Collections.unmodifiableMap(new TreeMap<>(failuresByReason));
    }
  }

  /**
   * The step's rates and concurrency over its window.
   *
   * @param windowSeconds length of the step window, s
   * @param arrivalRate requests started per second of the window
   * @param achievedRate successful completions per second of the window (throughput)
   * @param meanConcurrency L: requests in flight, time-averaged over the window
   * @param littleConcurrency λ·W: arrival rate times mean time in system of the step's requests
   * @param littleRelativeDifference (L − λ·W) / (λ·W)
   * @param outputTokensPerSec output tokens of the step's successful requests per second of its
   *     window; null when no record counts its tokens ({@link StepGoodput})
   * @param goodputPerSec the step's successful requests that each met the SLO's latency limits
   *     (TTFT and gap at most the p95 limits) per second of its window, DistServe's goodput; every
   *     successful request counts when the SLO gives no latency limit ({@link StepGoodput})
   */
  public record Rates(
      Double windowSeconds,
      Double arrivalRate,
      Double achievedRate,
      Double meanConcurrency,
      Double littleConcurrency,
      Double littleRelativeDifference,
      Double outputTokensPerSec,
      Double goodputPerSec) {

    /** These rates with the step's output tokens/s and goodput ({@link StepGoodput}). */
    public Rates withDelivery(Double outputTokensPerSec, Double goodputPerSec) {
      return new Rates(
          windowSeconds,
          arrivalRate,
          achievedRate,
          meanConcurrency,
          littleConcurrency,
          littleRelativeDifference,
          outputTokensPerSec,
          goodputPerSec);
    }
  }

  /**
   * The latency percentiles of the step's successful requests; null where undefined.
   *
   * @param ttfb send → headers
   * @param ttft send → first token
   * @param gap TTFT − TTFB
   * @param itl every interval between consecutive content events
   * @param tpot time per output token after the first
   * @param e2e send → end of stream
   */
  public record Latencies(
      LatencySummary ttfb,
      LatencySummary ttft,
      LatencySummary gap,
      LatencySummary itl,
      LatencySummary tpot,
      LatencySummary e2e) {}

  /**
   * Where the step's requests waited.
   *
   * @param serverQueue the server's reported queue time ({@code queue_time_ms}), when reported
   * @param serverQueueDepth mean server queue length by Little's law, arrival rate × mean server
   *     queue time, when the server reports queue time
   * @param queueingDelayMillis mean gap minus the low-load mean gap (floored at 0)
   * @param queueingSharePercent queueing delay as a percent of the mean TTFT where the median gap
   *     has left its low-load band ({@link KneeDetector}'s edge); 0 where it has not (a rise within
   *     the band is noise, not queueing)
   */
  public record Queueing(
      LatencySummary serverQueue,
      Double serverQueueDepth,
      Double queueingDelayMillis,
      Double queueingSharePercent) {}

  /**
   * What the step's streams did besides their latencies.
   *
   * @param cutByClientRequests requests the tool cut itself ({@code interrupted}, {@code
   *     stopped_by_breaker}): never counted against the server
   * @param malformedChunks stream events of the step's requests that were not valid chunks, counted
   *     even in requests that ended ok
   * @param stalledPercent successful requests with at least one stall (an inter-token pause ≥ 10 ×
   *     their median ITL and ≥ 100 ms, as a preempting server causes), percent of those whose
   *     records count stalls; null when none does
   * @param longestStallMillis the longest stall of the step; null without a stall
   */
  public record StreamHealth(
      int cutByClientRequests,
      int malformedChunks,
      Double stalledPercent,
      Long longestStallMillis) {}

  /** This step with its output tokens/s and goodput ({@link StepGoodput}). */
  public StepStats withDelivery(Double outputTokensPerSec, Double goodputPerSec) {
    return new StepStats(
        step,
        label,
        offeredRate,
        concurrency,
        counts,
        rates.withDelivery(outputTokensPerSec, goodputPerSec),
        latencies,
        queueing,
        stream,
        steadyState,
        firstTokens);
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
    return offeredRate != null ? offeredRate : rates.arrivalRate();
  }
}
