package dev.ttftgap.engine;

import dev.ttftgap.engine.scheduler.Sequence;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Counters and histograms of one model, rendered as Prometheus text in a server's dialect ({@link
 * MetricsDialect}: vLLM's names by default, or SGLang's, TGI's, llama.cpp's). Each figure is kept
 * once, under its {@link ServerMetric}, and named only when rendered; a family the dialect's server
 * does not have is left out. vLLM and SGLang label every sample with {@code model_name}; TGI and
 * llama.cpp have no model label, so their samples add up every model. Updated and rendered only on
 * the engine thread.
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
  final PrometheusHistogram ttft = new PrometheusHistogram(TTFT_BUCKETS_SECONDS);
  final PrometheusHistogram queue = new PrometheusHistogram(LATENCY_BUCKETS_SECONDS);
  final PrometheusHistogram prefill = new PrometheusHistogram(LATENCY_BUCKETS_SECONDS);
  final PrometheusHistogram e2e = new PrometheusHistogram(LATENCY_BUCKETS_SECONDS);
  long promptTokens;
  long generationTokens;
  long rejected;
  long prefixCacheQueries;
  long prefixCacheHits;
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
   * A request's first token: its prompt tokens, its TTFT and, with a prefix cache, the tokens it
   * looked up and found (as vLLM counts them, per scheduled request).
   */
  void firstToken(int promptTokens, Integer cachedTokens, long ttftMicros) {
    this.promptTokens += promptTokens;
    if (cachedTokens != null) {
      prefixCacheQueries += promptTokens;
      prefixCacheHits += cachedTokens;
    }
    ttft.observeMicros(ttftMicros);
  }

  /** A request served to the end: its tokens, its finish reason, accepted → end. */
  /**
   * A request run to its end for a client that had gone ({@link DisconnectPolicy#RUN_ON}): its
   * tokens were computed, so they count as generated, as llama.cpp counts them; not a success.
   */
  void abandonedServed(int completionTokens) {
    generationTokens += completionTokens;
  }

  void served(int completionTokens, String finishReason, long e2eMicros) {
    generationTokens += completionTokens;
    success(finishReason);
    e2e.observeMicros(e2eMicros);
  }

  /** A request that left the queue: its queue time and its prefill once it had a first token. */
  void scheduled(long queueMicros, Sequence sequence) {
    queue.observeMicros(queueMicros);
    if (sequence.firstTokenMicros().isPresent()) {
      prefill.observeMicros(
          sequence.firstTokenMicros().getAsLong() - sequence.scheduledMicros().getAsLong());
    }
  }

  /** vLLM's dialect; see {@link #render(List, int[], int[], MetricsDialect)}. */
  static String render(List<EngineMetrics> models, int[] running, int[] waiting) {
    return render(models, running, waiting, MetricsDialect.VLLM);
  }

  /**
   * Prometheus text of every model: one family at a time (HELP and TYPE once), a sample per model
   * (or one for all, in a dialect without a model label). {@code running[i]}/{@code waiting[i]} are
   * the gauges of {@code models.get(i)}.
   */
  static String render(
      List<EngineMetrics> models, int[] running, int[] waiting, MetricsDialect dialect) {
    Renderer out = new Renderer(models, dialect);
    out.values(ServerMetric.RUNNING, "gauge", i -> running[i]);
    out.values(ServerMetric.WAITING, "gauge", i -> waiting[i]);
    out.histograms(ServerMetric.TTFT, m -> m.ttft);
    out.histograms(ServerMetric.QUEUE_TIME, m -> m.queue);
    out.histograms(ServerMetric.PREFILL_TIME, m -> m.prefill);
    out.histograms(ServerMetric.E2E, m -> m.e2e);
    out.counter(ServerMetric.PROMPT_TOKENS, m -> m.promptTokens);
    out.counter(ServerMetric.GENERATION_TOKENS, m -> m.generationTokens);
    out.counter(ServerMetric.PREFIX_CACHE_QUERIES, m -> m.prefixCacheQueries);
    out.counter(ServerMetric.PREFIX_CACHE_HITS, m -> m.prefixCacheHits);
    out.fractions(ServerMetric.KV_CACHE_USAGE, m -> m.kvCacheUsage);
    out.counter(ServerMetric.PREEMPTIONS, m -> m.preemptions);
    StringBuilder text = out.text;
    if (dialect == MetricsDialect.VLLM) {
      family(
          text,
          "vllm:request_success_total",
          "Count of successfully processed requests.",
          "counter");
      for (EngineMetrics m : models) {
        for (String reason : new String[] {"length", "stop"}) {
          sample(
              text,
              "vllm:request_success_total",
              "finished_reason=\"" + reason + "\"," + m.label,
              m.successByFinishReason.getOrDefault(reason, 0L));
        }
      }
    }
    family(
        text,
        "ttftgap_engine_requests_rejected_total",
        "Requests refused with 429 (queue full).",
        "counter");
    for (EngineMetrics m : models) {
      sample(text, "ttftgap_engine_requests_rejected_total", m.label, m.rejected);
    }
    return text.toString();
  }

  /** The HELP text of each family (vLLM's), whatever the dialect names it. */
  private static String help(ServerMetric metric) {
    return switch (metric) {
      case RUNNING -> "Number of requests in model execution batches.";
      case WAITING -> "Number of requests waiting to be processed.";
      case KV_CACHE_USAGE -> "KV-cache usage. 1 means 100 percent usage.";
      case QUEUE_TIME -> "PrometheusHistogram of time spent in WAITING phase for request.";
      case PREFILL_TIME -> "PrometheusHistogram of time spent in PREFILL phase for request.";
      case TTFT -> "PrometheusHistogram of time to first token in seconds.";
      case E2E -> "PrometheusHistogram of e2e request latency in seconds.";
      case PROMPT_TOKENS -> "Number of prefill tokens processed.";
      case GENERATION_TOKENS -> "Number of generation tokens processed.";
      case PREEMPTIONS -> "Cumulative number of preemption from the engine.";
      case PREFIX_CACHE_QUERIES -> "Prefix cache queries, in terms of number of queried tokens.";
      case PREFIX_CACHE_HITS -> "Prefix cache hits, in terms of number of cached tokens.";
    };
  }

  /** Writes families in one dialect, per model or summed over models. */
  private static final class Renderer {
    final StringBuilder text = new StringBuilder(4096);
    final List<EngineMetrics> models;
    final MetricsDialect dialect;

    Renderer(List<EngineMetrics> models, MetricsDialect dialect) {
      this.models = models;
      this.dialect = dialect;
    }

    void values(ServerMetric metric, String type, IndexValue value) {
      String name = dialect.name(metric).orElse(null);
      if (name == null) {
        return;
      }
      family(text, name, help(metric), type);
      if (dialect.modelLabel()) {
        for (int i = 0; i < models.size(); i++) {
          sample(text, name, models.get(i).label, value.at(i));
        }
      } else {
        long sum = 0;
        for (int i = 0; i < models.size(); i++) {
          sum += value.at(i);
        }
        text.append(name).append(' ').append(sum).append('\n');
      }
    }

    /** A counter the models keep. */
    void counter(ServerMetric metric, ToLongFunction<EngineMetrics> value) {
      values(metric, "counter", i -> value.applyAsLong(models.get(i)));
    }

    /** A gauge in 0..1 (NaN: unknown, left out); without a model label, the models' mean. */
    void fractions(ServerMetric metric, ToDoubleFunction<EngineMetrics> value) {
      String name = dialect.name(metric).orElse(null);
      if (name == null) {
        return;
      }
      family(text, name, help(metric), "gauge");
      double sum = 0;
      int known = 0;
      for (int i = 0; i < models.size(); i++) {
        double v = value.applyAsDouble(models.get(i));
        if (Double.isNaN(v)) {
          continue;
        }
        if (dialect.modelLabel()) {
          text.append(name)
              .append('{')
              .append(models.get(i).label)
              .append("} ")
              .append(String.format(Locale.ROOT, "%.6f", v))
              .append('\n');
        }
        sum += v;
        known++;
      }
      if (!dialect.modelLabel() && known > 0) {
        text.append(name)
            .append(' ')
            .append(String.format(Locale.ROOT, "%.6f", sum / known))
            .append('\n');
      }
    }

    void histograms(ServerMetric metric, Function<EngineMetrics, PrometheusHistogram> which) {
      String name = dialect.name(metric).orElse(null);
      if (name == null) {
        return;
      }
      family(text, name, help(metric), "histogram");
      if (dialect.modelLabel()) {
        for (EngineMetrics m : models) {
          which.apply(m).render(text, name, m.label);
        }
      } else {
        PrometheusHistogram sum = null;
        for (EngineMetrics m : models) {
          sum = sum == null ? which.apply(m).copy() : sum.plus(which.apply(m));
        }
        if (sum != null) {
          sum.render(text, name, null);
        }
      }
    }
  }

  /** A gauge or counter of the model at an index. */
  private interface IndexValue {
    long at(int index);
  }

  private static void sample(StringBuilder out, String name, String labels, long value) {
    out.append(name).append('{').append(labels).append("} ").append(value).append('\n');
  }

  private static void family(StringBuilder out, String name, String text, String type) {
    out.append("# HELP ").append(name).append(' ').append(text).append('\n');
    out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }
}
