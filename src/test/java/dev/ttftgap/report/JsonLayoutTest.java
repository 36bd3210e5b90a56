package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.StepStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonLayoutTest {
  @Test
  void orderedPutsTheListedFieldsFirstAndKeepsTheOthersInTheirPlace() {
    ObjectNode node = JsonLayout.MAPPER.createObjectNode();
    node.put("c", 3).put("a", 1).put("d", 4).put("b", 2);

    ObjectNode ordered = JsonLayout.ordered(node, List.of("a", "b", "missing"));

    assertThat(fieldNames(ordered))
        .as("listed fields first in their order, a missing name skipped, the rest as they were")
        .containsExactly("a", "b", "c", "d");
    assertThat(ordered.get("d").asInt()).as("values travel with their names").isEqualTo(4);
  }

  @Test
  void aStepIsWrittenFlatInThePinnedOrder() {
    CapacityReport report = Synthetic.hockeyStick(false);
    StepStats step = report.steps().get(0);

    ObjectNode node = JsonLayout.ordered(JsonLayout.object(step), JsonLayoutMixIns.STEP_FIELDS);

    assertThat(fieldNames(node))
        .as("the parts of a step are unwrapped into one object, in the pinned order")
        .containsExactlyElementsOf(JsonLayoutMixIns.STEP_FIELDS);
    assertThat(node.get("ttftMillis").get("p95").asDouble())
        .as("a latency part keeps its unit names")
        .isEqualTo(step.latencies().ttft().p95Millis());
  }

  private static List<String> fieldNames(ObjectNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
