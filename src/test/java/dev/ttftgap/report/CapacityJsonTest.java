package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.StepBaseline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void fieldNamesCarryTheirUnits() throws Exception {
    JsonNode root = MAPPER.readTree(CapacityJson.render(Synthetic.hockeyStick(false)));
    JsonNode step = root.get("steps").get(0);

    assertThat(root.get("schema").asText()).isEqualTo(CapacityJson.SCHEMA);
    assertThat(step.has("offeredRatePerSec")).isTrue();
    assertThat(step.has("achievedRatePerSec")).isTrue();
    assertThat(step.get("gapMillis").has("p95")).isTrue();
    assertThat(step.has("errorRatePercent")).isTrue();
    assertThat(root.get("sloVerdict").has("maxSustainableRatePerSec")).isTrue();
    assertThat(root.get("saturation").get("saturationRatePerSec").isNumber()).isTrue();
    assertThat(root.get("model").get("servers").asInt()).isBetween(6, 10);
    assertThat(root.get("model").get("curve").size()).isGreaterThan(10);
    assertThat(root.get("replicas").get("fromMeasured").isInt()).isTrue();
  }

  @Test
  void undefinedIsNullNeverZero() throws Exception {
    JsonNode root = MAPPER.readTree(CapacityJson.render(Synthetic.flat()));

    assertThat(root.get("model").isNull()).as("no model fitted on a flat curve").isTrue();
    assertThat(root.get("modelNote").asText()).isNotBlank();
    assertThat(root.get("saturation").get("saturationRatePerSec").isNull()).isTrue();
    assertThat(root.get("knee").get("step").isNull()).isTrue();
    assertThat(root.get("steps").get(0).get("serverQueueMillis").isNull())
        .as("server reported no queue time")
        .isTrue();
    assertThat(root.get("replicas").isNull()).isTrue();
  }

  @Test
  void baselineReadsBackTheStepsItWrote(@TempDir Path dir) throws Exception {
    CapacityReport report = Synthetic.hockeyStick(false);
    Path file = dir.resolve("capacity.json");
    Files.writeString(file, CapacityJson.render(report));

    List<StepBaseline> steps = CapacityJson.readBaseline(file);

    assertThat(steps).hasSize(report.steps().size());
    assertThat(steps.get(2).gapP50Millis()).isEqualTo(report.steps().get(2).gap().p50Millis());
    assertThat(steps.get(2).ttfbP95Millis()).isEqualTo(report.steps().get(2).ttfb().p95Millis());
    assertThat(steps.get(2).rate()).isEqualTo(6.0);
  }

  @Test
  void baselineThatIsNotACapacityReportIsRejectedWithItsName(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("other.json");
    Files.writeString(file, "{\"hello\": 1}");

    assertThatThrownBy(() -> CapacityJson.readBaseline(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseline")
        .hasMessageContaining(file.toString());
  }
}
