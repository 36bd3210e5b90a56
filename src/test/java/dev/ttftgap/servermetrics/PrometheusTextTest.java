package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

  @Test
  void usage() {
    List<MetricSample> samples =
        PrometheusText.parse("vllm:num_requests_waiting{model_name=\"m\"} 3\n");

    assertThat(samples)
        .as("the Javadoc's example")
        .containsExactly(
            new MetricSample("vllm:num_requests_waiting", Map.of("model_name", "m"), 3));
  }

  @Test
  void skipsCommentsAndReadsLabelsValuesAndTimestamps() {
    String text =
        """
        # HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.
        # TYPE vllm:time_to_first_token_seconds histogram
        vllm:time_to_first_token_seconds_bucket{engine="0",le="0.04",model_name="Qwen/Qwen3-8B"} 7.0
        vllm:time_to_first_token_seconds_bucket{engine="0",le="+Inf",model_name="Qwen/Qwen3-8B"} 9.0
        vllm:time_to_first_token_seconds_sum{engine="0",model_name="Qwen/Qwen3-8B"} 0.61 1764470000000
        tgi_queue_size 4

        """;

    List<MetricSample> samples = PrometheusText.parse(text);

    assertThat(samples).as("four sample lines").hasSize(4);
    assertThat(samples.get(1).label("le")).as("the +Inf bound stays a label").isEqualTo("+Inf");
    assertThat(samples.get(0).label("model_name"))
        .as("a label with a slash")
        .isEqualTo("Qwen/Qwen3-8B");
    assertThat(samples.get(2).value()).as("a value followed by a timestamp").isEqualTo(0.61);
    assertThat(samples.get(3).labels()).as("a sample without labels").isEmpty();
    assertThat(samples.get(3).value()).isEqualTo(4);
  }

  @Test
  void readsEscapesAndSeparatorsInsideLabelValues() {
    MetricSample sample =
        PrometheusText.parse("m{a=\"x,y}\",b=\"say \\\"hi\\\"\\n\\\\\"} NaN\n").get(0);

    assertThat(sample.label("a")).as("comma and brace inside quotes").isEqualTo("x,y}");
    assertThat(sample.label("b"))
        .as("escaped quote, newline, backslash")
        .isEqualTo("say \"hi\"\n\\");
    assertThat(sample.value()).as("NaN is a value").isNaN();
    assertThat(PrometheusText.parse("m -Inf").get(0).value()).isEqualTo(Double.NEGATIVE_INFINITY);
  }

  @Test
  void aLineThatIsNotASampleIsNamedByItsNumber() {
    assertThatThrownBy(() -> PrometheusText.parse("ok 1\n<html>not metrics</html>\n"))
        .as("an HTML page served at /metrics")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line 2");
    assertThatThrownBy(() -> PrometheusText.parse("m{a=\"unclosed} 1"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
