package dev.ttftgap.servermetrics;

import java.util.Arrays;
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
      """
      RUNNING               vllm:num_requests_running
      WAITING               vllm:num_requests_waiting
      KV_CACHE_USAGE        vllm:kv_cache_usage_perc vllm:gpu_cache_usage_perc
      QUEUE_TIME            vllm:request_queue_time_seconds
      PREFILL_TIME          vllm:request_prefill_time_seconds
      TTFT                  vllm:time_to_first_token_seconds
      E2E                   vllm:e2e_request_latency_seconds
      PROMPT_TOKENS         vllm:prompt_tokens_total
      GENERATION_TOKENS     vllm:generation_tokens_total
      PREEMPTIONS           vllm:num_preemptions_total
      PREFIX_CACHE_QUERIES  vllm:prefix_cache_queries_total
      PREFIX_CACHE_HITS     vllm:prefix_cache_hits_total
      """),
  SGLANG(
      """
      RUNNING               sglang:num_running_reqs
      WAITING               sglang:num_queue_reqs
      KV_CACHE_USAGE        sglang:token_usage
      QUEUE_TIME            sglang:queue_time_seconds
      TTFT                  sglang:time_to_first_token_seconds
      E2E                   sglang:e2e_request_latency_seconds
      PROMPT_TOKENS         sglang:prompt_tokens_total
      GENERATION_TOKENS     sglang:generation_tokens_total
      """),
  TGI(
      """
      RUNNING               tgi_batch_current_size
      WAITING               tgi_queue_size
      QUEUE_TIME            tgi_request_queue_duration
      E2E                   tgi_request_duration
      """),
  LLAMACPP(
      """
      RUNNING               llamacpp:requests_processing
      WAITING               llamacpp:requests_deferred
      PROMPT_TOKENS         llamacpp:prompt_tokens_total
      GENERATION_TOKENS     llamacpp:tokens_predicted_total
      """);

  private final Map<ServerMetric, List<String>> names = new EnumMap<>(ServerMetric.class);

  /**
   * Reads the server's table, written as data so that each dialect is a list of names only.
   *
   * @param table one line per metric the server has: the {@link ServerMetric} constant, then its
   *     family names, current first, deprecated after
   */
  MetricsDialect(String table) {
    for (String line : table.strip().split("\n")) {
      String[] words = line.strip().split("\\s+");
      names.put(
          ServerMetric.valueOf(words[0]), List.of(Arrays.copyOfRange(words, 1, words.length)));
    }
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
