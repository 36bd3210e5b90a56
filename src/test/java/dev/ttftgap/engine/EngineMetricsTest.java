package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.servermetrics.MetricSample;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.PrometheusText;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class EngineMetricsTest {

  @ParameterizedTest
  @EnumSource(MetricsDialect.class)
  void eachDialectIsRecognisedAsItsServerAndCarriesTheSameFigures(MetricsDialect dialect) {
    EngineMetrics a = new EngineMetrics("model-a");
    EngineMetrics b = new EngineMetrics("model-b");
    a.queue.observeMicros(20_000);
    b.queue.observeMicros(600_000);
    a.promptTokens = 100;
    b.promptTokens = 50;

    List<MetricSample> samples =
        PrometheusText.parse(
            EngineMetrics.render(List.of(a, b), new int[] {1, 2}, new int[] {3, 4}, dialect));

    assertThat(MetricsDialect.recognise(samples)).as("recognised server").contains(dialect);
    String waiting = dialect.name(ServerMetric.WAITING).orElseThrow();
    double waitingSum =
        samples.stream()
            .filter(s -> s.name().equals(waiting))
            .mapToDouble(MetricSample::value)
            .sum();
    assertThat(waitingSum).as("waiting over both models").isEqualTo(7);
    if (dialect.modelLabel()) {
      assertThat(samples.stream().filter(s -> s.name().equals(waiting)))
          .as("one sample per model, labelled")
          .extracting(s -> s.label("model_name"))
          .containsExactly("model-a", "model-b");
    } else {
      assertThat(samples.stream().filter(s -> s.name().equals(waiting)))
          .as("%s has no model label: one summed sample", dialect)
          .singleElement()
          .satisfies(s -> assertThat(s.labels()).isEmpty());
    }
    dialect
        .name(ServerMetric.QUEUE_TIME)
        .ifPresent(
            queue ->
                assertThat(
                        samples.stream()
                            .filter(s -> s.name().equals(queue + "_count"))
                            .mapToDouble(MetricSample::value)
                            .sum())
                    .as("queue-time observations of both models")
                    .isEqualTo(2));
    assertThat(samples)
        .as("no family of another server")
        .allSatisfy(
            s ->
                assertThat(
                        dialect.metricOf(s.name()).isPresent()
                            || s.name().startsWith("ttftgap_")
                            || s.name().startsWith("vllm:request_success"))
                    .as(s.name())
                    .isTrue());
  }
}
