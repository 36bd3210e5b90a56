package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.SyntheticRuns;
import dev.ttftgap.health.HealthSamples;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.merge.RunParts;
import dev.ttftgap.merge.SplitRuns;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergedReportsTest {
  private static final List<RequestRecord> RUN = SyntheticRuns.hockeyStick(false);
  private final CapacityMainConsole capacityMain = new CapacityMainConsole();

  @Test
  void theReportNamesThePartsAndEachInjectorsHealth(@TempDir Path dir) {
    List<Path> folders = SplitRuns.write(dir, RUN, 2, "abc");
    try (LoadGeneratorLog log =
        LoadGeneratorLog.open(folders.get(0).resolve(LoadGeneratorLog.FILE_NAME))) {
      HealthSamples.step(1, 5, 400, 0, 0, 1_000).forEach(log::append);
    }

    CapacityReport report =
        MergedReports.writeAll(
            RunParts.detect(folders).orElseThrow(), dir.resolve("out"), CapacityOptions.defaults());

    assertThat(report.runNotes())
        .as("the parts first, then one sentence per injector")
        .containsExactly(
            "Merged 2 parts of run "
                + SplitRuns.RUN_ID
                + " ("
                + RUN.size()
                + " requests): the union of their records, at the run's levels; a step's load"
                + " generator verdict is its worst injector's.",
            "Injector 1/2 (host-1, "
                + SplitRuns.part(RUN, 1, 2).size()
                + " requests): the load generator kept up at every step (event-loop delay p99"
                + " 0.4 ms, injection lag p99 0.0 ms, CPU 13 %, at worst): the latencies are the"
                + " server's.",
            "Injector 2/2 (host-2, "
                + SplitRuns.part(RUN, 2, 2).size()
                + " requests): no load-generator.jsonl beside its records, so no health verdict.");
    assertThat(dir.resolve("out").resolve(CapacityReports.HTML_FILE)).exists();
  }

  @Test
  void capacityMainMergesThePartsIntoAFolderBesideThem(@TempDir Path dir) throws Exception {
    List<Path> folders = SplitRuns.write(dir, RUN, 2, "abc");

    int status = capacityMain.run(folders.get(0).toString(), folders.get(1).toString());

    assertThat(status).as("stderr: %s", capacityMain.err()).isZero();
    Path merged = dir.toAbsolutePath().resolve(SplitRuns.RUN_ID + "-merged");
    JsonNode json =
        new ObjectMapper().readTree(Files.readString(merged.resolve(CapacityReports.JSON_FILE)));
    assertThat(json.get("runNotes").get(0).asText())
        .as("the merged report")
        .startsWith("Merged 2 parts of run");
    assertThat(folders.get(0).resolve(CapacityReports.JSON_FILE))
        .as("a part's own folder is left alone")
        .doesNotExist();
    assertThat(capacityMain.out())
        .contains("capacity report: " + merged.resolve(CapacityReports.HTML_FILE));
  }

  @Test
  void capacityMainRefusesAMissingPartWithOneLine(@TempDir Path dir) {
    List<Path> folders = SplitRuns.write(dir, RUN, 3, "abc");

    int status = capacityMain.run(folders.get(0).toString(), folders.get(1).toString());

    assertThat(status).as("bad input").isEqualTo(2);
    assertThat(capacityMain.err().strip())
        .startsWith("records: part 3/3 of run " + SplitRuns.RUN_ID + " is missing")
        .doesNotContain("\n");
  }
}
