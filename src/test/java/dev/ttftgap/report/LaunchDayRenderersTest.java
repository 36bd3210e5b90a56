package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityReport;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The request classes and the launch spike in every output: console, markdown, capacity.json and
 * capacity.html, on hand-built verdicts ({@link LaunchDayReports}); a run without them renders as
 * before (the pinned files of {@link CapacityJsonPinTest} and the other renderers' tests).
 */
class LaunchDayRenderersTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void theConsoleShowsOneAlignedTablePerClassThenTheVerdictsLast() {
    CapacityReport report = LaunchDayReports.withClasses();

    List<String> lines = CapacityConsole.render(report).lines().toList();
    int chat = indexOfPrefix(lines, "request class chat · 80 % of arrivals · SLO p95 TTFT ≤ ");
    int rag = indexOfPrefix(lines, "request class rag · 20 % of arrivals");
    List<String> chatTable = lines.subList(chat + 1, chat + 2 + report.steps().size());

    assertThat(chat).as("chat's table, then rag's").isPositive().isLessThan(rag);
    assertThat(chatTable.get(0)).startsWith("step  total rate rps").endsWith("class SLO");
    assertThat(chatTable.stream().map(String::length).distinct()).as("aligned").hasSize(1);
    assertThat(chatTable.get(3)).as("step 3 (4 rps) meets chat's SLO").endsWith(" pass");
    assertThat(chatTable.get(4)).as("step 4 (6 rps) breaks it").endsWith(" fail: p95 TTFT");
    assertThat(lines.get(lines.size() - 1)).as("the verdicts come last").startsWith("> ");
    assertThat(lines).anyMatch(l -> l.startsWith("> Request classes: every class meets"));
  }

  @Test
  void theMarkdownHasTheClassesTablesAndTheSpikesWindows() {
    String classes = CapacityMarkdown.render(LaunchDayReports.withClasses());
    String spike = CapacityMarkdown.render(LaunchDayReports.withRecovery(false));

    assertThat(classes)
        .contains("- Request classes: every class meets its own SLO up to 5.2 rps")
        .contains("### Request classes")
        .contains("**rag · 20 % of arrivals")
        .contains("| step | total rate rps | requests | errors | TTFB p95 ms | gap p95 ms |");
    assertThat(spike)
        .contains("- Launch spike: 11.5 rps for 30 s over 5.5 rps")
        .contains("### Launch spike, window by window")
        .contains("| -5 | before | 27 | 302 | 600 | 4 | — | yes |")
        .as("a window without a scrape is —, never 0")
        .doesNotContain("| 4 | 0 | yes |");
  }

  @Test
  void capacityJsonHoldsTheClassesTheJointAnswerAndTheRecovery() throws Exception {
    CapacityReport report = LaunchDayReports.withClasses();
    JsonNode root = MAPPER.readTree(CapacityJson.render(report));
    JsonNode chat = root.get("classes").get(0);
    JsonNode joint = root.get("joint");

    assertThat(names(root))
        .as("after the run's own SLO verdict")
        .containsSubsequence("sloVerdict", "classes", "joint", "saturation")
        .doesNotContain("recovery");
    assertThat(chat.get("name").asText()).isEqualTo("chat");
    assertThat(chat.get("share").asDouble()).isEqualTo(0.8);
    assertThat(chat.get("slo").get("gapP95Millis").isNull()).as("a limit not given").isTrue();
    assertThat(chat.get("requests").asLong()).isEqualTo(960);
    assertThat(names(chat.get("steps").get(0)))
        .as("a class's step is laid out as the run's steps")
        .containsExactlyElementsOf(
            names(root.get("steps").get(0)).subList(0, JsonLayoutMixIns.STEP_FIELDS.size()));
    assertThat(chat.get("knee").get("found").asBoolean()).isTrue();
    assertThat(chat.get("verdict").get("maxSustainableRatePerSec").asDouble()).isEqualTo(5.2);
    assertThat(chat.get("verdict").get("firstFailingStep").asInt()).isEqualTo(4);
    assertThat(names(joint))
        .containsExactly(
            "maxSustainableRatePerSec",
            "lowerBound",
            "limitingClass",
            "limitingMetric",
            "rateLowPerSec",
            "rateHighPerSec",
            "replicas",
            "held",
            "note");
    assertThat(joint.get("limitingClass").asText()).isEqualTo("chat");
    assertThat(joint.get("replicas").asInt()).isEqualTo(8);
    assertThat(joint.get("held").isNull()).isTrue();
  }

  @Test
  void capacityJsonHoldsEveryRecoveryFieldWithNullsForWhatWasNotScraped() throws Exception {
    JsonNode root = MAPPER.readTree(CapacityJson.render(LaunchDayReports.withRecovery(false)));
    JsonNode recovery = root.get("recovery");

    assertThat(names(root)).doesNotContain("classes", "joint");
    assertThat(names(recovery))
        .containsExactly(
            "plan",
            "windows",
            "bandP50Millis",
            "bandP95Millis",
            "recoverySeconds",
            "peakInFlight",
            "peakServerWaiting",
            "capacityRatePerSec",
            "capacitySource",
            "predictedBacklog",
            "predictedDrainSeconds",
            "differencePercent",
            "explanation");
    assertThat(names(recovery.get("plan")))
        .containsExactly("baseRatePerSec", "burstRatePerSec", "burstSeconds", "windowSeconds");
    assertThat(recovery.get("windows")).hasSize(30);
    assertThat(names(recovery.get("windows").get(0)))
        .containsExactly(
            "startSeconds",
            "requests",
            "ttftP50Millis",
            "ttftP95Millis",
            "inFlightMax",
            "serverWaiting",
            "inBand");
    assertThat(recovery.get("windows").get(0).get("serverWaiting").isNull())
        .as("not scraped: null, never 0")
        .isTrue();
    assertThat(recovery.get("peakServerWaiting").isNull()).isTrue();
    assertThat(recovery.get("recoverySeconds").asDouble()).isEqualTo(45);
  }

  @Test
  void thePageDrawsOneChartPerClassAndTheSpikesChartOnlyWhenTheRunHadThem() {
    CapacityReport plain = Synthetic.risingRate();
    CapacityReport classes = LaunchDayReports.withClasses();
    CapacityReport spike = LaunchDayReports.withRecovery(true);
    String classesPage = CapacityHtml.render(classes);
    String spikePage = CapacityHtml.render(spike);
    String plainPage = CapacityHtml.render(plain);

    assertThat(CapacityHtml.expectedCharts(classes))
        .as("the plain run's charts + one per class")
        .isEqualTo(CapacityHtml.expectedCharts(plain) + 2);
    assertThat(CapacityHtml.expectedCharts(spike))
        .isEqualTo(CapacityHtml.expectedCharts(plain) + 1);
    assertThat(classesPage)
        .contains("id=\"chart-class-0\"", "id=\"chart-class-1\"", "<h3>rag</h3>")
        .contains("<li>Request classes: every class meets its own SLO")
        .contains("// 4c. request classes")
        .doesNotContain("id=\"chart-recovery\"");
    assertThat(classesPage.indexOf("id=\"chart-class-0\""))
        .as("the launch's answers come before the general charts")
        .isLessThan(classesPage.indexOf("id=\"chart-gap\""));
    assertThat(spikePage)
        .contains("id=\"chart-recovery\"", "<section id=\"recovery\">", "// 4d. a launch spike")
        .doesNotContain("chart-class-");
    assertThat(plainPage).doesNotContain("chart-class-", "chart-recovery", "// 4c.", "// 4d.");
  }

  private static int indexOfPrefix(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    return -1;
  }

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    return names;
  }
}
