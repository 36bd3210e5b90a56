package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsOnlyFolderTest {
  private static Path reportsWithOneRun(Path base) throws Exception {
    Path reports = Files.createDirectories(base.resolve("reports"));
    Path run = Files.createDirectories(reports.resolve("smoke-20261130-232048"));
    Files.writeString(run.resolve("simulation.log"), "log");
    return reports;
  }

  @Test
  void theRunFoldersNameIsWhatGatlingFinds(@TempDir Path base) throws Exception {
    Path reports = reportsWithOneRun(base);

    assertThat(ReportsOnlyFolder.problem(reports, base, "smoke-20261130-232048")).isEmpty();
    assertThat(
            ReportsOnlyFolder.problem(
                reports, base, reports.resolve("smoke-20261130-232048") + "/"))
        .as("an absolute path: Gatling resolves it as is")
        .isEmpty();
  }

  @Test
  void aTabCompletedPathGetsOneLineWithTheNameToGive(@TempDir Path base) throws Exception {
    Path reports = reportsWithOneRun(base);
    // what the shell completes in the project folder
    String relativeToHere = "reports/smoke-20261130-232048/";

    assertThat(ReportsOnlyFolder.problem(reports, base, relativeToHere))
        .as("what the shell completes, relative to the project folder")
        .hasValueSatisfying(
            line ->
                assertThat(line)
                    .doesNotContain("\n")
                    .startsWith("-Dgatling.reportsOnly=" + relativeToHere + ": ")
                    .endsWith(
                        "give the run folder's name alone: -Dgatling.reportsOnly=smoke-20261130-232048"));
  }

  @Test
  void aNameThatIsNoRunListsTheRuns(@TempDir Path base) throws Exception {
    Path reports = reportsWithOneRun(base);

    assertThat(ReportsOnlyFolder.problem(reports, base, "smoke-2026"))
        .hasValue(
            "-Dgatling.reportsOnly=smoke-2026: no run with a simulation.log there; give one of the"
                + " run folders of "
                + reports
                + ": smoke-20261130-232048");
  }
}
