package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricsDialectTest {

  @Test
  void recognisesEachServerFromTheFamiliesItExposes() {
    assertThat(recognise("vllm:num_requests_waiting", "vllm:request_queue_time_seconds_bucket"))
        .isEqualTo(MetricsDialect.VLLM);
    assertThat(recognise("sglang:num_queue_reqs", "sglang:token_usage"))
        .isEqualTo(MetricsDialect.SGLANG);
    assertThat(recognise("tgi_queue_size", "tgi_request_queue_duration_count"))
        .isEqualTo(MetricsDialect.TGI);
    assertThat(recognise("llamacpp:requests_deferred", "llamacpp:requests_processing"))
        .isEqualTo(MetricsDialect.LLAMACPP);
    assertThat(MetricsDialect.recognise(List.of(sample("process_cpu_seconds_total"))))
        .as("a page of unrelated families")
        .isEmpty();
  }

  @Test
  void histogramSuffixesBelongToTheirFamilyAndDeprecatedNamesStillCount() {
    assertThat(MetricsDialect.VLLM.metricOf("vllm:time_to_first_token_seconds_sum"))
        .contains(ServerMetric.TTFT);
    assertThat(MetricsDialect.VLLM.metricOf("vllm:gpu_cache_usage_perc"))
        .as("vLLM's name before 0.9")
        .contains(ServerMetric.KV_CACHE_USAGE);
    assertThat(MetricsDialect.VLLM.metricOf("vllm:num_requests_waiting_sum"))
        .as("a gauge has no suffixed samples")
        .isEmpty();
    assertThat(MetricsDialect.LLAMACPP.name(ServerMetric.QUEUE_TIME))
        .as("llama.cpp has no queue-time histogram")
        .isEmpty();
  }

  @Test
  void parsesTheNamesUsersTypeAndNamesTheChoicesOtherwise() {
    assertThat(MetricsDialect.parse(" SGLang ")).isEqualTo(MetricsDialect.SGLANG);
    assertThatThrownBy(() -> MetricsDialect.parse("ollama"))
        .hasMessageContaining("vllm, sglang, tgi or llamacpp");
  }

  private static MetricsDialect recognise(String... names) {
    return MetricsDialect.recognise(
            java.util.Arrays.stream(names).map(MetricsDialectTest::sample).toList())
        .orElseThrow();
  }

  private static MetricSample sample(String name) {
    return new MetricSample(name, Map.of(), 1);
  }
}
