package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.PreviousRunStep;
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
  void verdictsCarryTheirSteadinessAndIntervals() throws Exception {
    CapacityReport report = Synthetic.hockeyStick(false);
    JsonNode root = MAPPER.readTree(CapacityJson.render(report));
    JsonNode slo = root.get("sloVerdict");
    JsonNode lastStep = root.get("steps").get(root.get("steps").size() - 1);

    assertThat(lastStep.get("steadyState").get("steady").asBoolean())
        .as("the hockey stick's last step is far above capacity")
        .isFalse();
    assertThat(lastStep.get("steadyState").get("reason").asText()).isNotBlank();
    assertThat(root.get("steps").get(0).get("steadyState").get("steady").asBoolean()).isTrue();
    assertThat(slo.get("rateLowPerSec").asDouble())
        .isLessThanOrEqualTo(slo.get("maxSustainableRatePerSec").asDouble());
    assertThat(slo.get("rateHighPerSec").asDouble())
        .isGreaterThanOrEqualTo(slo.get("maxSustainableRatePerSec").asDouble())
        .isLessThanOrEqualTo(root.get("saturation").get("saturationRatePerSec").asDouble());
    assertThat(slo.get("method").asText()).isEqualTo(report.slo().methodLabel());
    assertThat(slo.get("transientSteps").isArray()).isTrue();
    assertThat(slo.get("heldRatePerSec").isNull()).as("a staircase holds nothing").isTrue();
    assertThat(root.get("saturation").get("rateLowPerSec").asDouble())
        .isLessThanOrEqualTo(root.get("saturation").get("saturationRatePerSec").asDouble());
    assertThat(root.get("knee").get("determined").asBoolean()).isTrue();
    assertThat(root.get("knee").has("p95Step")).isTrue();
    assertThat(root.get("replicas").get("recommended").asInt())
        .isEqualTo(report.replicas().recommended());
    assertThat(root.get("replicas").get("utilisationPercent").asDouble()).isBetween(1.0, 100.0);
  }

  @Test
  void closedRunHasItsVerdictsInConcurrencyAndNullForTheOpenOnes() throws Exception {
    JsonNode root = MAPPER.readTree(CapacityJson.render(Synthetic.closedConcurrency()));
    JsonNode slo = root.get("sloVerdict");
    JsonNode saturation = root.get("saturation");

    assertThat(root.get("loadModel").asText()).isEqualTo("closed");
    assertThat(slo.get("maxConcurrencyUnderSlo").isInt()).as("whole streams").isTrue();
    assertThat(slo.get("throughputAtMaxConcurrencyPerSec").asDouble()).isBetween(7.5, 8.2);
    assertThat(slo.get("maxSustainableRatePerSec").isNull())
        .as("no arrival rate verdict when arrivals follow completions")
        .isTrue();
    assertThat(saturation.get("reached").asBoolean()).isTrue();
    assertThat(saturation.get("plateauConcurrency").asInt()).isEqualTo(8);
    assertThat(saturation.get("plateauThroughputPerSec").asDouble()).isBetween(7.65, 8.13);
    assertThat(saturation.get("thresholdRatio").isNull()).isTrue();
    assertThat(root.get("knee").get("concurrency").asInt()).isEqualTo(8);
    assertThat(root.get("model").isNull()).isTrue();
    assertThat(root.get("modelNote").asText()).startsWith("closed model");
    assertThat(root.get("closedLoopModel").get("servers").asInt()).isEqualTo(8);
    assertThat(root.get("closedLoopModel").get("checkedSteps").size()).isEqualTo(2);
    assertThat(root.get("replicas").get("fromPlateau").asInt()).isEqualTo(6);
    assertThat(root.get("replicas").get("concurrencyPerReplica").isInt()).isTrue();
  }

  @Test
  void openRunKeepsItsFieldsAndNullsTheClosedOnes() throws Exception {
    JsonNode root = MAPPER.readTree(CapacityJson.render(Synthetic.hockeyStick(false)));

    assertThat(root.get("loadModel").asText()).isEqualTo("open");
    assertThat(root.get("sloVerdict").get("maxSustainableRatePerSec").isNumber()).isTrue();
    assertThat(root.get("sloVerdict").get("maxConcurrencyUnderSlo").isNull()).isTrue();
    assertThat(root.get("saturation").get("plateauConcurrency").isNull()).isTrue();
    assertThat(root.get("saturation").get("thresholdRatio").asDouble()).isEqualTo(0.9);
    assertThat(root.get("saturation").get("plateauThroughputPerSec").asDouble())
        .as("the open plateau is the saturation rate")
        .isEqualTo(root.get("saturation").get("saturationRatePerSec").asDouble());
    assertThat(root.get("closedLoopModel").isNull()).isTrue();
    assertThat(root.get("replicas").get("fromPlateau").isNull()).isTrue();
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

    List<PreviousRunStep> steps = CapacityJson.readBaseline(file);

    assertThat(steps).hasSize(report.steps().size());
    assertThat(steps.get(2).gapP50Millis())
        .isEqualTo(report.steps().get(2).latencies().gap().p50Millis());
    assertThat(steps.get(2).ttfbP95Millis())
        .isEqualTo(report.steps().get(2).latencies().ttfb().p95Millis());
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

  @Test
  void noLimitIsWrittenAsNullSoTheFileStaysJson() throws Exception {
    CapacityReport report =
        dev.ttftgap.analysis.CapacityAnalysis.analyze(
            dev.ttftgap.analysis.SyntheticRuns.flat(),
            List.of("flat"),
            new dev.ttftgap.analysis.CapacityOptions(
                dev.ttftgap.analysis.Slo.of(dev.ttftgap.analysis.Slo.NO_LIMIT, 500, 1),
                null,
                null,
                null),
            null);

    JsonNode root = MAPPER.readTree(CapacityJson.render(report));

    assertThat(root.get("options").get("sloTtftP95Millis").isNull()).isTrue();
    assertThat(root.get("sloVerdict").get("ttftP95LimitMillis").isNull()).isTrue();
    assertThat(VerdictSentences.of(report)).noneMatch(s -> s.contains("TTFT ≤"));
  }
}
