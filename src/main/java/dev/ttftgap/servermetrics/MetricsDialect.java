package dev.ttftgap.servermetrics;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The metric family names of one inference server, per {@link ServerMetric}: how the analysis
 * recognises a server from its {@code /metrics} and how the embedded engine speaks like one ({@code
 * --metrics-dialect}).
 *
 * <p>Names checked in each project's source (Nov 2026): vLLM {@code vllm/v1/metrics/loggers.py}
 * (gauges {@code vllm:num_requests_running}, {@code vllm:num_requests_waiting}, {@code
 * vllm:kv_cache_usage_perc} and the deprecated {@code vllm:gpu_cache_usage_perc}; histograms {@code
 * vllm:request_queue_time_seconds}, {@code vllm:request_prefill_time_seconds}, {@code
 * vllm:time_to_first_token_seconds}, {@code vllm:e2e_request_latency_seconds}; counters {@code
 * vllm:num_preemptions}, {@code vllm:prefix_cache_queries}, {@code vllm:prefix_cache_hits}, {@code
 * vllm:prompt_tokens}, {@code vllm:generation_tokens}, exposed with {@code _total}; labels {@code
 * model_name}, {@code engine}); SGLang {@code python/sglang/srt/metrics/collector.py} ({@code
 * sglang:num_running_reqs}, {@code sglang:num_queue_reqs}, {@code sglang:token_usage}, {@code
 * sglang:queue_time_seconds}; its {@code sglang:time_to_first_token_seconds} comes from the
 * tokenizer-side collector); TGI {@code router/src/server.rs} and {@code backends/v3/src/queue.rs},
 * {@code backend.rs} ({@code tgi_queue_size}, {@code tgi_batch_current_size}, histogram {@code
 * tgi_request_queue_duration} in seconds, no model label); llama.cpp's server ({@code
 * llamacpp:requests_processing}, {@code llamacpp:requests_deferred}; no histograms).
 */
public enum MetricsDialect {
  VLLM(
      Map.ofEntries(
          Map.entry(ServerMetric.RUNNING, List.of("vllm:num_requests_running")),
          Map.entry(ServerMetric.WAITING, List.of("vllm:num_requests_waiting")),
          Map.entry(
              ServerMetric.KV_CACHE_USAGE,
              List.of("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc")),
          Map.entry(ServerMetric.QUEUE_TIME, List.of("vllm:request_queue_time_seconds")),
          Map.entry(ServerMetric.PREFILL_TIME, List.of("vllm:request_prefill_time_seconds")),
          Map.entry(ServerMetric.TTFT, List.of("vllm:time_to_first_token_seconds")),
          Map.entry(ServerMetric.E2E, List.of("vllm:e2e_request_latency_seconds")),
          Map.entry(ServerMetric.PROMPT_TOKENS, List.of("vllm:prompt_tokens_total")),
          Map.entry(ServerMetric.GENERATION_TOKENS, List.of("vllm:generation_tokens_total")),
          Map.entry(ServerMetric.PREEMPTIONS, List.of("vllm:num_preemptions_total")),
          Map.entry(ServerMetric.PREFIX_CACHE_QUERIES, List.of("vllm:prefix_cache_queries_total")),
          Map.entry(ServerMetric.PREFIX_CACHE_HITS, List.of("vllm:prefix_cache_hits_total")))),
  SGLANG(
      Map.ofEntries(
          Map.entry(ServerMetric.RUNNING, List.of("sglang:num_running_reqs")),
          Map.entry(ServerMetric.WAITING, List.of("sglang:num_queue_reqs")),
          Map.entry(ServerMetric.KV_CACHE_USAGE, List.of("sglang:token_usage")),
          Map.entry(ServerMetric.QUEUE_TIME, List.of("sglang:queue_time_seconds")),
          Map.entry(ServerMetric.TTFT, List.of("sglang:time_to_first_token_seconds")),
          Map.entry(ServerMetric.E2E, List.of("sglang:e2e_request_latency_seconds")),
          Map.entry(ServerMetric.PROMPT_TOKENS, List.of("sglang:prompt_tokens_total")),
          Map.entry(ServerMetric.GENERATION_TOKENS, List.of("sglang:generation_tokens_total")))),
  TGI(
      Map.ofEntries(
          Map.entry(ServerMetric.RUNNING, List.of("tgi_batch_current_size")),
          Map.entry(ServerMetric.WAITING, List.of("tgi_queue_size")),
          Map.entry(ServerMetric.QUEUE_TIME, List.of("tgi_request_queue_duration")),
          Map.entry(ServerMetric.E2E, List.of("tgi_request_duration")))),
  LLAMACPP(
      Map.ofEntries(
          Map.entry(ServerMetric.RUNNING, List.of("llamacpp:requests_processing")),
          Map.entry(ServerMetric.WAITING, List.of("llamacpp:requests_deferred")),
          Map.entry(ServerMetric.PROMPT_TOKENS, List.of("llamacpp:prompt_tokens_total")),
          Map.entry(ServerMetric.GENERATION_TOKENS, List.of("llamacpp:tokens_predicted_total"))));

  private final Map<ServerMetric, List<String>> names;

  MetricsDialect(Map<ServerMetric, List<String>> names) {
    this.names = new EnumMap<>(names);
  }

  /** Whether this server labels its samples with {@code model_name} (vLLM, SGLang). */
  public boolean modelLabel() {
    return this == VLLM || this == SGLANG;
  }

  /** The family name this server uses for {@code metric} (its current one), if it has one. */
  public Optional<String> name(ServerMetric metric) {
    List<String> candidates = names.get(metric);
    return candidates == null ? Optional.empty() : Optional.of(candidates.get(0));
  }

  /** Every family name (current and deprecated) this server may use for {@code metric}. */
  public List<String> names(ServerMetric metric) {
    return names.getOrDefault(metric, List.of());
  }

  /** The metric a sample belongs to, by its family name (suffixes of histograms stripped). */
  public Optional<ServerMetric> metricOf(String sampleName) {
    for (Map.Entry<ServerMetric, List<String>> entry : names.entrySet()) {
      for (String family : entry.getValue()) {
        if (sampleName.equals(family)
            || (entry.getKey().histogram()
                && (sampleName.equals(family + "_bucket")
                    || sampleName.equals(family + "_sum")
                    || sampleName.equals(family + "_count")))) {
          return Optional.of(entry.getKey());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The lower-case name users type: {@code vllm}, {@code sglang}, {@code tgi}, {@code llamacpp}.
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code vllm}, {@code sglang}, {@code tgi} or {@code llamacpp} (any case).
   *
   * @throws IllegalArgumentException naming the choices
   */
  public static MetricsDialect parse(String text) {
    for (MetricsDialect dialect : values()) {
      if (dialect.id().equalsIgnoreCase(text == null ? "" : text.trim())) {
        return dialect;
      }
    }
    throw new IllegalArgumentException(
        "metrics dialect must be vllm, sglang, tgi or llamacpp, was '" + text + "'");
  }

  /**
   * The server whose families these samples carry most of (ties: declaration order), if any sample
   * belongs to a known family.
   */
  public static Optional<MetricsDialect> recognise(List<MetricSample> samples) {
    MetricsDialect best = null;
    long bestCount = 0;
    for (MetricsDialect dialect : values()) {
      long count = samples.stream().filter(s -> dialect.metricOf(s.name()).isPresent()).count();
      if (count > bestCount) {
        best = dialect;
        bestCount = count;
      }
    }
    return Optional.ofNullable(best);
  }
}
