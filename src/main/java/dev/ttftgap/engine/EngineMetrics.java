package dev.ttftgap.engine;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counters and histograms of one model, rendered as Prometheus text with vLLM's metric names and a
 * {@code model_name} label. Updated and rendered only on the engine thread.
 */
final class EngineMetrics {
  private static final double[] TTFT_BUCKETS_SECONDS = {
    0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0,
    20.0, 40.0, 80.0, 160.0, 640.0, 2560.0
  };
  private static final double[] LATENCY_BUCKETS_SECONDS = {
    0.01, 0.05, 0.1, 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0,
    60.0, 120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0
  };

  private final String label;
  final Histogram ttft = new Histogram(TTFT_BUCKETS_SECONDS);
  final Histogram queue = new Histogram(LATENCY_BUCKETS_SECONDS);
  final Histogram e2e = new Histogram(LATENCY_BUCKETS_SECONDS);
  long promptTokens;
  long prefixCacheQueries;
  long prefixCacheHits;
  long generationTokens;
  long rejected;
  final Map<String, Long> successByFinishReason = new TreeMap<>();

  /** Share of the KV cache in use, 0..1, read from the scheduler; NaN when it has no size. */
  double kvCacheUsage = Double.NaN;

  /** Preemptions so far, read from the scheduler. */
  long preemptions;

  EngineMetrics(String model) {
    this.label = "model_name=\"" + model.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  void success(String finishReason) {
    successByFinishReason.merge(finishReason, 1L, Long::sum);
  }

  /**
   * Prometheus text of every model: one family at a time (HELP and TYPE once), a sample per model.
   * {@code running[i]}/{@code waiting[i]} are the gauges of {@code models.get(i)}.
   */
  static String render(java.util.List<EngineMetrics> models, int[] running, int[] waiting) {
    StringBuilder out = new StringBuilder(4096);
    family(
        out,
        "vllm:num_requests_running",
        "Number of requests in model execution batches.",
        "gauge");
    for (int i = 0; i < models.size(); i++) {
      sample(out, "vllm:num_requests_running", models.get(i).label, running[i]);
    }
    family(
        out, "vllm:num_requests_waiting", "Number of requests waiting to be processed.", "gauge");
    for (int i = 0; i < models.size(); i++) {
      sample(out, "vllm:num_requests_waiting", models.get(i).label, waiting[i]);
    }
    histograms(
        out,
        models,
        "vllm:time_to_first_token_seconds",
        "Histogram of time to first token in seconds.",
        m -> m.ttft);
    histograms(
        out,
        models,
        "vllm:request_queue_time_seconds",
        "Histogram of time spent in WAITING phase for request.",
        m -> m.queue);
    histograms(
        out,
        models,
        "vllm:e2e_request_latency_seconds",
        "Histogram of e2e request latency in seconds.",
        m -> m.e2e);
    family(out, "vllm:prompt_tokens_total", "Number of prefill tokens processed.", "counter");
    for (EngineMetrics m : models) {
      sample(out, "vllm:prompt_tokens_total", m.label, m.promptTokens);
    }
    counters(
        out,
        models,
        "vllm:prefix_cache_queries_total",
        "Prefix cache queries, in terms of number of queried tokens.",
        m -> m.prefixCacheQueries);
    counters(
        out,
        models,
        "vllm:prefix_cache_hits_total",
        "Prefix cache hits, in terms of number of cached tokens.",
        m -> m.prefixCacheHits);
    family(
        out, "vllm:generation_tokens_total", "Number of generation tokens processed.", "counter");
    for (EngineMetrics m : models) {
      sample(out, "vllm:generation_tokens_total", m.label, m.generationTokens);
    }
    family(
        out, "vllm:request_success_total", "Count of successfully processed requests.", "counter");
    for (EngineMetrics m : models) {
      for (String reason : new String[] {"length", "stop"}) {
        sample(
            out,
            "vllm:request_success_total",
            "finished_reason=\"" + reason + "\"," + m.label,
            m.successByFinishReason.getOrDefault(reason, 0L));
      }
    }
    family(
        out,
        "ttftgap_engine_requests_rejected_total",
        "Requests refused with 429 (queue full).",
        "counter");
    for (EngineMetrics m : models) {
      sample(out, "ttftgap_engine_requests_rejected_total", m.label, m.rejected);
    }
    family(out, "vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", "gauge");
    for (EngineMetrics m : models) {
      if (!Double.isNaN(m.kvCacheUsage)) {
        out.append("vllm:kv_cache_usage_perc{")
            .append(m.label)
            .append("} ")
            .append(String.format(Locale.ROOT, "%.6f", m.kvCacheUsage))
            .append('\n');
      }
    }
    counters(
        out,
        models,
        "vllm:num_preemptions_total",
        "Cumulative number of preemption from the engine.",
        m -> m.preemptions);
    return out.toString();
  }

  private static void counters(
      StringBuilder out,
      java.util.List<EngineMetrics> models,
      String name,
      String text,
      java.util.function.ToLongFunction<EngineMetrics> which) {
    family(out, name, text, "counter");
    for (EngineMetrics m : models) {
      sample(out, name, m.label, which.applyAsLong(m));
    }
  }

  private static void histograms(
      StringBuilder out,
      java.util.List<EngineMetrics> models,
      String name,
      String text,
      java.util.function.Function<EngineMetrics, Histogram> which) {
    family(out, name, text, "histogram");
    for (EngineMetrics m : models) {
      which.apply(m).render(out, name, m.label);
    }
  }

  private static void sample(StringBuilder out, String name, String labels, long value) {
    out.append(name).append('{').append(labels).append("} ").append(value).append('\n');
  }

  private static void family(StringBuilder out, String name, String text, String type) {
    out.append("# HELP ").append(name).append(' ').append(text).append('\n');
    out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  /** A Prometheus histogram with fixed upper bounds, in seconds. */
  static final class Histogram {
    private final double[] bounds;
    private final long[] counts;
    private long count;
    private double sumSeconds;

    Histogram(double[] bounds) {
      this.bounds = bounds;
      this.counts = new long[bounds.length];
    }

    void observeMicros(long micros) {
      double seconds = micros / 1e6;
      count++;
      sumSeconds += seconds;
      for (int i = 0; i < bounds.length; i++) {
        if (seconds <= bounds[i]) {
          counts[i]++;
          return;
        }
      }
    }

    long count() {
      return count;
    }

    void render(StringBuilder out, String name, String label) {
      long cumulative = 0;
      for (int i = 0; i < bounds.length; i++) {
        cumulative += counts[i];
        out.append(name)
            .append("_bucket{")
            .append(label)
            .append(",le=\"")
            .append(String.format(Locale.ROOT, "%s", bounds[i]))
            .append("\"} ")
            .append(cumulative)
            .append('\n');
      }
      out.append(name)
          .append("_bucket{")
          .append(label)
          .append(",le=\"+Inf\"} ")
          .append(count)
          .append('\n');
      out.append(name)
          .append("_sum{")
          .append(label)
          .append("} ")
          .append(String.format(Locale.ROOT, "%.6f", sumSeconds))
          .append('\n');
      out.append(name).append("_count{").append(label).append("} ").append(count).append('\n');
    }
  }
}
