package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerMetricsJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void eachStepEndsWithItsServerObjectAndTheReportWithTheBlock() throws Exception {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    JsonNode root = JSON.readTree(CapacityJson.render(report));
    JsonNode step7 = root.get("steps").get(6);

    assertThat(step7.get("server").get("waitingMean").asDouble()).isEqualTo(3.2);
    assertThat(step7.get("server").get("queueTimeP50Millis").asDouble()).isEqualTo(25.6);
    assertThat(step7.get("server").get("quantilesInterpolated").asBoolean()).isTrue();
    assertThat(step7.get("server").get("ttftDecomposition").get("restMillis").asDouble())
        .isEqualTo(1.0);
    List<String> stepFields = new java.util.ArrayList<>();
    step7.fieldNames().forEachRemaining(stepFields::add);
    assertThat(stepFields.subList(stepFields.size() - 2, stepFields.size()))
        .as("appended after the existing fields, before the load generator's health")
        .containsExactly("server", "loadGenerator");
    JsonNode block = root.get("serverMetrics");
    assertThat(block.get("vendor").asText()).isEqualTo("vllm");
    assertThat(block.get("queueGrowthStep").asInt()).isEqualTo(7);
    assertThat(block.get("series")).hasSize(1);
    List<String> rootFields = new java.util.ArrayList<>();
    root.fieldNames().forEachRemaining(rootFields::add);
    assertThat(rootFields.subList(rootFields.size() - 2, rootFields.size()))
        .containsExactly("serverMetrics", "loadGenerator");
  }

  @Test
  void withoutScrapesTheFieldsAreNull() throws Exception {
    JsonNode root = JSON.readTree(CapacityJson.render(Synthetic.hockeyStick(false)));

    assertThat(root.get("serverMetrics").isNull()).as("no serverMetrics block").isTrue();
    assertThat(root.get("steps").get(0).get("server").isNull()).as("no step server").isTrue();
  }
}
