package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.health.HealthSamples;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LoadGeneratorJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static JsonNode json(CapacityReport report) throws Exception {
    return MAPPER.readTree(CapacityJson.render(report));
  }

  @Test
  void everyStepAndTheRunGetALoadGeneratorObjectAsTheirLastField() throws Exception {
    CapacityReport report =
        CapacityAnalysis.analyze(
            Synthetic.hockeyStickRecords(false),
            List.of("synthetic/records.jsonl"),
            CapacityOptions.defaults(),
            null,
            HealthSamples.flagging(12, Set.of(12)));
    JsonNode root = json(report);

    List<String> rootFields = iterable(root.fieldNames());
    assertThat(rootFields.get(rootFields.size() - 1))
        .as("last root field")
        .isEqualTo("loadGenerator");
    JsonNode step1 = root.get("steps").get(0);
    List<String> stepFields = iterable(step1.fieldNames());
    assertThat(stepFields.get(stepFields.size() - 1))
        .as("last step field")
        .isEqualTo("loadGenerator");
    JsonNode health = step1.get("loadGenerator");
    assertThat(iterable(health.fieldNames()))
        .containsExactly(
            "seconds",
            "eventLoopDelayP50Millis",
            "eventLoopDelayP99Millis",
            "eventLoopDelayMaxMillis",
            "stampDelayP99Millis",
            "injectionLagP99Millis",
            "injectionLagMaxMillis",
            "cpuCores",
            "cpuSharePercent",
            "gcPauses",
            "gcPauseTotalMillis",
            "gcPauseMaxMillis",
            "heapAfterGcMaxBytes",
            "vouched",
            "reason",
            "flag");
    assertThat(health.get("eventLoopDelayP99Millis").asDouble()).isEqualTo(0.4);
    assertThat(health.get("vouched").asBoolean()).isTrue();
    assertThat(health.get("reason").isNull()).as("no reason when vouched").isTrue();
    JsonNode last = root.get("steps").get(11).get("loadGenerator");
    assertThat(last.get("vouched").asBoolean()).as("step 12 vouched").isFalse();
    assertThat(last.get("flag").asText())
        .startsWith("at step 12 the load generator added up to 31 ms");
    JsonNode run = root.get("loadGenerator");
    assertThat(run.get("unvouchedSteps").toString()).isEqualTo("[12]");
    assertThat(run.get("maxEventLoopDelayP99Millis").asDouble()).isEqualTo(2.0);
    assertThat(run.get("verdict").asText())
        .as("31 ms under a tenth of the default 1000-ms gap limit")
        .contains("The SLO verdict still uses step 12");
    assertThat(run.get("leftOutOfSloSteps").toString()).isEqualTo("[]");
    assertThat(run.get("sloLimitMillis").asDouble()).isEqualTo(1000.0);
  }

  @Test
  void aRunWithoutHealthFileHasNullObjects() throws Exception {
    JsonNode root = json(Synthetic.hockeyStick(false));
    assertThat(root.get("loadGenerator").isNull()).as("run's loadGenerator").isTrue();
    assertThat(root.get("steps").get(0).get("loadGenerator").isNull())
        .as("step 1's loadGenerator")
        .isTrue();
  }

  private static List<String> iterable(java.util.Iterator<String> names) {
    List<String> list = new java.util.ArrayList<>();
    names.forEachRemaining(list::add);
    return list;
  }
}
