package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.CapacityReports;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command-line knobs and the prompt calibration in a real run on the embedded engine: the
 * stairs, lengths and SLO come from {@code -D} properties and a {@code TTFTGAP_*} variable, the run
 * header says which fields they replaced and how prompts are counted, and each request is as long
 * in the engine's tokens as asked; a bad knob stops the run before any load.
 */
class KnobsRunIT {
  @Test
  void knobsShapeTheRunAndPromptsAreTheAskedLengthInTheServersTokens(@TempDir Path dir)
      throws Exception {
    GatlingFork.Result run =
        GatlingFork.run(
            RisingRateSimulation.class,
            dir,
            Map.of(
                "profile", "smoke",
                "load.steps", "2,3",
                "load.stepDurationSeconds", "4",
                "request.promptTokens", "300",
                "request.maxTokens", "16",
                "slo.ttftP95Millis", "4000",
                "metrics.url", "off"),
            Map.of("TTFTGAP_SLO_GAP_P95_MILLIS", "3500"),
            false,
            Duration.ofSeconds(180));

    assertThat(run.exitCode()).as("the run ends well:\n%s", run.output()).isZero();
    assertThat(run.output())
        .as("the header names every overridden field and where it came from")
        .contains(
            "ttft-gap: load profile overridden on the command line: load.steps=2,3 (-Dload.steps),"
                + " load.stepDurationSeconds=4 (-Dload.stepDurationSeconds),"
                + " request.promptTokens=300 (-Drequest.promptTokens), request.maxTokens=16"
                + " (-Drequest.maxTokens), slo.ttftP95Millis=4000 (-Dslo.ttftP95Millis),"
                + " slo.gapP95Millis=3500 (TTFTGAP_SLO_GAP_P95_MILLIS)")
        .as("and the calibration: the engine counts with cl100k, plus 7 template tokens")
        .contains(
            "ttft-gap: prompt lengths in the served model's tokens: 1.00 per cl100k token + 7"
                + " template tokens per request (usage.prompt_tokens of two preflight requests)");
    List<RequestRecord> measured =
        RecordReader.read(run.records()).stream().filter(r -> !r.warmup()).toList();
    assertThat(measured.stream().map(r -> r.level().stepLabel()).distinct().toList())
        .as("the stairs of -Dload.steps")
        .hasSize(2)
        .allSatisfy(label -> assertThat(label).containsAnyOf("2 rps", "3 rps"));
    assertThat(measured)
        .as("2 × 4 + 3 × 4 requests, give or take one at each boundary")
        .hasSizeBetween(18, 22);
    assertThat(measured)
        .as("every request: 16 max_tokens, built for 300 tokens and counted 300 by the engine")
        .allSatisfy(
            r -> {
              assertThat(r.input().maxTokens()).isEqualTo(16);
              assertThat(r.input().askedPromptTokens()).isEqualTo(300);
              assertThat(r.input().servedPromptTokens()).isEqualTo(300);
            });
    String markdown = Files.readString(run.runFolder().resolve(CapacityReports.MARKDOWN_FILE));
    assertThat(markdown)
        .as("the workload table's asked vs served column")
        .contains("prompt asked / served", "300 / 300 (+0 %)")
        .as("and says which fields the command line replaced")
        .contains("Load profile smoke overridden on the command line: load.steps=2,3");
  }

  @Test
  void aBadKnobStopsTheRunBeforeAnyLoadWithOneLine(@TempDir Path dir) throws Exception {
    GatlingFork.Result run =
        NothingSent.runStoppedBeforeLoad(
            RisingRateSimulation.class,
            dir,
            Map.of("profile", "smoke", "load.steps", "1,0"),
            Map.of());

    assertThat(run.output())
        .as("one line naming the knob, the field and the fix")
        .contains("ttft-gap: -Dload.steps=1,0: load.steps[1]: 0 is not a rate; use a number > 0");
  }
}
