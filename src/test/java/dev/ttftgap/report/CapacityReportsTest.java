package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.RecordsFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityReportsTest {

  @Test
  void writesJsonMarkdownAndHtmlFromARunFolder(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("run-1"));
    RecordsFixture.write(run.resolve("records.jsonl"), Synthetic.hockeyStickRecords(false));
    Path out = dir.resolve("out");

    CapacityReport report = CapacityReports.writeAll(List.of(run), out, CapacityOptions.defaults());

    assertThat(out.resolve(CapacityReports.JSON_FILE)).exists();
    assertThat(out.resolve(CapacityReports.MARKDOWN_FILE)).exists();
    assertThat(out.resolve(CapacityReports.HTML_FILE)).exists();
    assertThat(report.input().sources()).containsExactly(run.resolve("records.jsonl").toString());
  }

  @Test
  void baselineOptionComparesWithThePreviousReport(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("run-1"));
    RecordsFixture.write(run.resolve("records.jsonl"), Synthetic.hockeyStickRecords(false));
    CapacityReports.writeAll(List.of(run), dir.resolve("first"), CapacityOptions.defaults());

    CapacityReport second =
        CapacityReports.writeAll(
            List.of(run),
            dir.resolve("second"),
            CapacityOptions.defaults()
                .withBaseline(dir.resolve("first").resolve(CapacityReports.JSON_FILE)));

    assertThat(second.baseline()).isNotNull();
    assertThat(second.baseline().steps()).hasSize(second.steps().size());
    assertThat(second.baseline().ttfbRegressionSteps()).as("same records, no regression").isEmpty();
    assertThat(second.baseline().gapRegressionSteps()).isEmpty();
    assertThat(second.baseline().steps().get(0).gapP50DeltaMillis()).isEqualTo(0.0);
  }
}
