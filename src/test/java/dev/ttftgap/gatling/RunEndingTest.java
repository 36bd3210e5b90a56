package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunEndingTest {
  private static Path gatlingFolder(Path reports, String name) throws Exception {
    Path folder = Files.createDirectories(reports.resolve(name));
    Files.writeString(folder.resolve("simulation.log"), "log");
    return folder;
  }

  @Test
  void theRunFolderTakesTheRunsNameAndGatlingsNameStillLeadsToIt(@TempDir Path reports)
      throws Exception {
    Path gatling = gatlingFolder(reports, "risingratesimulation-20261130232048123");

    Path run = RunEnding.rename(gatling, "rising-rate-20261130-232048", quiet());

    assertThat(run)
        .as("the run's folder")
        .isEqualTo(reports.resolve("rising-rate-20261130-232048"));
    assertThat(run.resolve("simulation.log")).as("the log moved with it").exists();
    assertThat(Files.isSymbolicLink(gatling)).as("Gatling's name is a link").isTrue();
    assertThat(gatling.resolve("simulation.log"))
        .as("Gatling still finds its log through the link")
        .exists();
  }

  @Test
  void aNameAlreadyTakenGetsANumber(@TempDir Path reports) throws Exception {
    Files.createDirectories(reports.resolve("smoke-20261130-232048"));
    Path gatling = gatlingFolder(reports, "risingratesimulation-20261130232048999");

    assertThat(RunEnding.rename(gatling, "smoke-20261130-232048", quiet()))
        .isEqualTo(reports.resolve("smoke-20261130-232048-2"));
  }

  @Test
  void atTheEndTheLinkGoesAndTheBlockNamesTheRunsFolder(@TempDir Path reports) throws Exception {
    Path gatling = gatlingFolder(reports, "risingratesimulation-20261130232048123");
    Path run = RunEnding.rename(gatling, "smoke-20261130-232048", quiet());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    RunEnding.end(
        gatling,
        run,
        folder -> "verdict of " + folder.getFileName(),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));

    assertThat(Files.exists(gatling, java.nio.file.LinkOption.NOFOLLOW_LINKS))
        .as("Gatling's name is gone: one folder per run")
        .isFalse();
    assertThat(run.resolve("simulation.log")).as("the run itself stays").exists();
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .as("Gatling's line named, then the block")
        .isEqualTo(
            "ttft-gap: Gatling's \"please open the following file\" line above names"
                + " risingratesimulation-20261130232048123, a link removed now; both reports are in "
                + run
                + ", below"
                + System.lineSeparator()
                + "verdict of smoke-20261130-232048"
                + System.lineSeparator());
  }

  @Test
  void everyPathPrintedFromRenameToEndStillExistsAfterTheEnd(@TempDir Path reports)
      throws Exception {
    Path gatling = gatlingFolder(reports, "risingratesimulation-20261130232048123");
    Files.writeString(gatling.resolve(RunOutputs.RECORDS_FILE), "{}");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    Path run = RunEnding.rename(gatling, "smoke-20261130-232048", out);
    RunEnding.end(gatling, run, folder -> "verdict", out);

    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertThat(printed)
        .as("the records are named in the run's folder")
        .contains("ttft-gap: records " + run.resolve(RunOutputs.RECORDS_FILE));
    java.util.regex.Matcher paths =
        java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(reports.toString()) + "\\S*")
            .matcher(printed);
    int named = 0;
    while (paths.find()) {
      String path = paths.group().replaceAll("[,.]$", "");
      assertThat(Path.of(path)).as("printed and gone: %s", path).exists();
      named++;
    }
    assertThat(named).as("paths printed").isEqualTo(2);
  }

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }

  @Test
  void aFolderThatAlreadyHasTheRunsNameStaysAsItIs(@TempDir Path reports) throws Exception {
    Path run = gatlingFolder(reports, "smoke-20261130-232048");

    assertThat(RunEnding.rename(run, "smoke-20261130-232048", quiet())).isEqualTo(run);
    assertThat(Files.isSymbolicLink(run)).isFalse();
  }
}
