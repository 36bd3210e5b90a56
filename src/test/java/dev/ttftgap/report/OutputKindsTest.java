package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.KindRecords;
import dev.ttftgap.analysis.KindRecords.Turns;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.stream.TtftKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The first token by kind in the reports: a plain chat run's outputs carry none of it, a run with
 * reasoning and tool calls gets its columns, explanations, sentences and additive JSON fields.
 */
class OutputKindsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A Messages-API agent run: chat, mixed, reasoning and tool-call steps, kind limits. */
  static CapacityReport agentRun(CapacityOptions options) {
    List<RequestRecord> records =
        KindRecords.run(11, Turns.CHAT, Turns.MIXED, Turns.REASONING, Turns.TOOL_CALLS).stream()
            .map(r -> r.toBuilder().input(i -> i.model("m").api("messages")).build())
            .toList();
    return CapacityAnalysis.analyze(records, List.of("agent/records.jsonl"), options, null);
  }

  private static CapacityOptions ttfvtLimit(double millis) {
    return CapacityOptions.none()
        .withSlo(
            Slo.of(5000, 5000, 1)
                .withKindLimits(Optional.of(millis), Optional.empty(), Optional.of(5000.0)));
  }

  @Test
  void aPlainChatRunShowsNoKindColumnNoteOrField() throws Exception {
    CapacityReport plain = Synthetic.risingRate();

    assertThat(OutputKinds.shown(plain)).isEmpty();
    assertThat(StepTable.header(plain)).isEqualTo(StepTable.HEADER);
    assertThat(CapacityConsole.render(plain)).doesNotContain("TTFVT", "TTFR", "TTFTC", "Streams:");
    assertThat(CapacityMarkdown.render(plain)).doesNotContain("TTFVT", "TTFR", "TTFTC", "API ");
    assertThat(CapacityHtml.render(plain)).doesNotContain("chart-first-tokens\" class", "TTFVT =");
    JsonNode json = JSON.readTree(CapacityJson.render(plain));
    assertThat(json.has("apis")).isFalse();
    assertThat(json.has("ttftKind")).isFalse();
    assertThat(json.path("steps").get(0).has("firstTokens")).isFalse();
    assertThat(json.path("options").has("sloTtfvtP95Millis")).isFalse();
  }

  @Test
  void aRunWithReasoningAndToolCallsGetsAColumnPerKindAfterTtft() {
    CapacityReport report = agentRun(ttfvtLimit(10_000));

    List<String> header = StepTable.header(report);
    int ttft = header.indexOf("TTFT p95 ms");
    assertThat(header.subList(ttft + 1, ttft + 4))
        .containsExactly("TTFVT p95 ms", "TTFR p95 ms", "TTFTC p95 ms");
    assertThat(header).hasSize(StepTable.HEADER.size() + 3);
    List<List<String>> rows = StepTable.rows(report);
    assertThat(rows).allSatisfy(row -> assertThat(row).hasSize(header.size()));
    // step 1 is plain chat: no reasoning, no tool call there, undefined rather than 0
    assertThat(rows.get(0).get(ttft + 2)).isEqualTo(Fmt.UNDEFINED);
    assertThat(rows.get(0).get(ttft + 3)).isEqualTo(Fmt.UNDEFINED);
    // step 4 only calls tools: no visible answer token
    assertThat(rows.get(3).get(ttft + 1)).isEqualTo(Fmt.UNDEFINED);
    assertThat(rows.get(3).get(ttft + 3)).isNotEqualTo(Fmt.UNDEFINED);
  }

  @Test
  void theMarkdownAndHtmlExplainEachKindAndNameTheApi() {
    CapacityReport report = agentRun(ttfvtLimit(10_000));

    String md = CapacityMarkdown.render(report);
    assertThat(md)
        .contains("API messages.")
        .contains(OutputKinds.TTFVT.meaning())
        .contains(OutputKinds.TTFR.meaning())
        .contains(OutputKinds.TTFTC.meaning())
        .contains("TTFT = send → first output of any kind");
    String html = CapacityHtml.render(report, Optional.empty());
    assertThat(CapacityHtml.expectedCharts(report))
        .as("the first-token chart besides the others")
        .isEqualTo(CapacityHtml.expectedCharts(Synthetic.flat()) + 1);
    assertThat(html)
        .contains("<div id=\"chart-first-tokens\" class=\"chart\">")
        .contains(" · API messages")
        .contains("<p class=\"caption kind\">TTFVT = send → first visible answer token");
    assertThat(VerdictSentences.of(report).get(0))
        .startsWith("Streams: API messages; ")
        // 30 of 80: half of step 2, all of step 3 (reasoning) or step 4 (tools)
        .contains("38 % of successful requests called a tool, 38 % reasoned first");
  }

  @Test
  void aBindingKindLimitIsNamedWithItsFigureAndStepsWithoutTheKindAreSaid() {
    // step 2's reasoning turns answer at ≈ 1.5 s, step 1's plain answers at ≈ 0.3 s
    CapacityReport report = agentRun(ttfvtLimit(1000));

    assertThat(report.slo().limitingMetric()).isEqualTo("ttfvt_p95");
    assertThat(report.slo().firstFailingStep()).isEqualTo(2);
    String slo =
        VerdictSentences.of(report).stream()
            .filter(s -> s.contains("under the SLO"))
            .findFirst()
            .orElseThrow();
    assertThat(slo)
        .contains("p95 TTFVT ≤ 1000 ms")
        .containsPattern("breaks TTFVT p95 \\(first visible answer token\\) 1\\d{3} ms > 1000 ms")
        .contains("Not judged on a kind they did not produce:")
        .contains("no tool calls in step 1, 3")
        .contains("no visible answer token in step 4");
  }

  @Test
  void capacityJsonAddsTheKindFieldsWithoutChangingTheOthers() throws Exception {
    CapacityReport report = agentRun(ttfvtLimit(10_000).withTtftKind(TtftKind.CONTENT));
    JsonNode json = JSON.readTree(CapacityJson.render(report));
    JsonNode plain = JSON.readTree(CapacityJson.render(Synthetic.risingRate()));

    assertThat(json.path("apis").get(0).asText()).isEqualTo("messages");
    assertThat(json.path("ttftKind").asText()).isEqualTo("content");
    assertThat(json.path("options").path("sloTtfvtP95Millis").asDouble()).isEqualTo(10_000);
    assertThat(json.path("options").path("sloTtfrP95Millis").isNull()).isTrue();
    JsonNode step2 = json.path("steps").get(1).path("firstTokens");
    assertThat(step2.path("toolCallRequests").asInt()).isEqualTo(10);
    assertThat(step2.path("reasoningRequests").asInt()).isEqualTo(10);
    assertThat(step2.path("ttftcMillis").path("count").asInt()).isEqualTo(10);
    assertThat(json.path("steps").get(0).path("firstTokens").path("ttfrMillis").isNull()).isTrue();
    // additive: every field of a plain run is still there, in the same order, new ones besides
    assertThat(without(fields(json), "apis", "ttftKind")).isEqualTo(fields(plain));
    assertThat(without(fields(json.path("steps").get(0)), "firstTokens"))
        .isEqualTo(fields(plain.path("steps").get(0)));
    assertThat(
            without(
                fields(json.path("options")),
                "sloTtfvtP95Millis",
                "sloTtfrP95Millis",
                "sloTtftcP95Millis"))
        .isEqualTo(fields(plain.path("options")));
    assertThat(fields(json.path("steps").get(0)).indexOf("firstTokens"))
        .isEqualTo(fields(json.path("steps").get(0)).indexOf("goodputPerSec") + 1);
  }

  @Test
  void aTtftKindOtherThanAnyIsSaidAndShowsItsColumn() {
    CapacityReport plain = Synthetic.risingRate();
    CapacityReport report =
        CapacityAnalysis.analyze(
            dev.ttftgap.analysis.SyntheticRuns.risingRate(),
            List.of("rising-rate/records.jsonl"),
            plain.options().withTtftKind(TtftKind.TOOL_CALL),
            null);

    assertThat(OutputKinds.notes(report).get(0))
        .isEqualTo(
            "TTFT here is the first tool call (the profile's request.ttftFrom = toolCall), not the"
                + " first output of any kind.");
    assertThat(StepTable.header(report)).contains("TTFVT p95 ms", "TTFTC p95 ms");
    assertThat(VerdictSentences.of(report).get(0))
        .isEqualTo("Streams: TTFT is the first tool call (request.ttftFrom = toolCall).");
  }

  private static List<String> fields(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<String> without(List<String> names, String... removed) {
    List<String> kept = new ArrayList<>(names);
    kept.removeAll(List.of(removed));
    return kept;
  }
}
