package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityMarkdownTest {

  @Test
  void verdictsThenOneTableRowPerStep() {
    CapacityReport report = Synthetic.hockeyStick(false);

    String md = CapacityMarkdown.render(report);

    assertThat(md).contains("- Knee at step").contains("- Saturation: throughput plateaus at");
    String steps = md.contains("### Workload") ? md.substring(0, md.indexOf("### Workload")) : md;
    long tableRows =
        steps.lines().filter(line -> line.startsWith("| ") && !line.startsWith("| ---")).count();
    assertThat(tableRows).as("header + one row per step").isEqualTo(1 + report.steps().size());
    assertThat(md).contains("| --- |");
    assertThat(md.substring(md.indexOf("### Workload")))
        .as("the workload section: lengths by step")
        .contains("| step | requests | prompt tokens mean/p50 | max_tokens mean |");
  }

  @Test
  void appendsToTheStepSummaryWhenGithubSetsIt(@TempDir Path dir) throws Exception {
    Path summary = dir.resolve("summary.md");
    Files.writeString(summary, "earlier job output\n");
    CapacityReport report = Synthetic.flat();

    boolean appended =
        CapacityMarkdown.appendToStepSummary(
            report, Map.of(CapacityMarkdown.STEP_SUMMARY_ENV, summary.toString()));

    assertThat(appended).isTrue();
    assertThat(Files.readString(summary))
        .startsWith("earlier job output\n")
        .contains("## Capacity");
  }

  @Test
  void doesNothingOutsideGithubActions() {
    assertThat(CapacityMarkdown.appendToStepSummary(Synthetic.flat(), Map.of())).isFalse();
  }
}
