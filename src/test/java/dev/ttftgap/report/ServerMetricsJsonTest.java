package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.servermetrics.AfterRunCheck;
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
  void aDarkStepCarriesItsScrapeCountsAndNullFigures() throws Exception {
    CapacityReport report = ServerViews.hockeyStickDarkFrom(7, 0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    JsonNode root = JSON.readTree(CapacityJson.render(report));
    JsonNode dark = root.get("steps").get(6).get("server");
    JsonNode lit = root.get("steps").get(5).get("server");

    assertThat(dark.get("dark").asBoolean()).as("step 7 dark").isTrue();
    assertThat(dark.get("waitingMean").isNull()).as("missing, not 0: %s", dark).isTrue();
    assertThat(dark.get("scrapes").asInt()).as("taken").isEqualTo(2);
    assertThat(dark.get("scrapesTimedOut").asInt()).isEqualTo(9);
    assertThat(dark.get("scrapesExpected").asInt()).isEqualTo(20);
    assertThat(dark.get("coveragePercent").asDouble()).isEqualTo(10.0);
    assertThat(lit.get("dark").asBoolean()).as("step 6 read").isFalse();
    JsonNode block = root.get("serverMetrics");
    assertThat(block.get("darkSteps")).as("steps 7–9").hasSize(3);
    assertThat(block.get("darkness").get("fromStep").asInt()).isEqualTo(7);
    assertThat(block.get("coverageThresholdPercent").asDouble()).isEqualTo(50.0);
    assertThat(block.get("afterRun").isNull()).as("not checked").isTrue();
  }

  @Test
  void theAfterRunCheckIsInTheBlock() throws Exception {
    CapacityReport report =
        ServerViews.hockeyStickLeaving(
            new AfterRunCheck(2, true, "llamacpp", 213.0, 4.0, 1.3, 5.0, 166.9, null));

    JsonNode after =
        JSON.readTree(CapacityJson.render(report)).get("serverMetrics").get("afterRun");

    assertThat(after.get("waiting").asDouble()).isEqualTo(213.0);
    assertThat(after.get("drainRatePerSec").asDouble()).isEqualTo(1.3);
    assertThat(after.get("waitSeconds").asDouble()).isEqualTo(166.9);
    assertThat(after.get("answered").asBoolean()).isTrue();
  }

  @Test
  void withoutScrapesTheFieldsAreNull() throws Exception {
    JsonNode root = JSON.readTree(CapacityJson.render(Synthetic.hockeyStick(false)));

    assertThat(root.get("serverMetrics").isNull()).as("no serverMetrics block").isTrue();
    assertThat(root.get("steps").get(0).get("server").isNull()).as("no step server").isTrue();
  }
}
