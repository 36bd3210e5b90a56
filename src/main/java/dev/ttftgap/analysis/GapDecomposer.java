package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Objects;

/**
 * A step's {@link GapDecomposition}: the client's mean TTFT and TTFB, the server's mean queue and
 * prefill (prefill from its own histogram, else server TTFT − queue), the rest by difference;
 * without histograms, the per-request {@code queue_time_ms} and {@code prefill_time_ms} the streams
 * carried, when they did.
 */
final class GapDecomposer {
  private GapDecomposer() {}

  static GapDecomposition decomposition(
      StepStats step,
      Double queueMean,
      Double prefillMean,
      Double serverTtftMean,
      List<RequestRecord> records) {
    Double ttft = step.latencies().ttft() == null ? null : step.latencies().ttft().meanMillis();
    Double ttfb = step.latencies().ttfb() == null ? null : step.latencies().ttfb().meanMillis();
    String source = "histograms";
    Double queue = queueMean;
    Double prefill = prefillMean;
    if (prefill == null && serverTtftMean != null && queue != null) {
      prefill = Math.max(0, serverTtftMean - queue);
    }
    if (queue == null || prefill == null) {
      Double perRequestQueue = perRequestMean(records, step.step(), "queue_time_ms");
      Double perRequestPrefill = perRequestMean(records, step.step(), "prefill_time_ms");
      if (perRequestQueue != null && perRequestPrefill != null) {
        queue = perRequestQueue;
        prefill = perRequestPrefill;
        source = "per-request";
      }
    }
    Double rest =
        ttft != null && ttfb != null && queue != null && prefill != null
            ? ttft - ttfb - queue - prefill
            : null;
    if (queue == null && prefill == null) {
      source = null;
    }
    return new GapDecomposition(ttft, ttfb, queue, prefill, rest, source);
  }

  private static Double perRequestMean(List<RequestRecord> records, int step, String key) {
    List<Double> values =
        records.stream()
            .filter(
                r -> r.ok() && !r.warmup() && r.level().step() == step && r.serverTimings() != null)
            .map(r -> r.serverTimings().get(key))
            .filter(Objects::nonNull)
            .toList();
    return StepWindowMetrics.mean(values);
  }
}
