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

    Path run = RunEnding.rename(gatling, "rising-rate-20261130-232048");

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

    assertThat(RunEnding.rename(gatling, "smoke-20261130-232048"))
        .isEqualTo(reports.resolve("smoke-20261130-232048-2"));
  }

  @Test
  void atTheEndTheLinkGoesAndTheBlockNamesTheRunsFolder(@TempDir Path reports) throws Exception {
    Path gatling = gatlingFolder(reports, "risingratesimulation-20261130232048123");
    Path run = RunEnding.rename(gatling, "smoke-20261130-232048");
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
        .isEqualTo("verdict of smoke-20261130-232048" + System.lineSeparator());
  }

  @Test
  void aFolderThatAlreadyHasTheRunsNameStaysAsItIs(@TempDir Path reports) throws Exception {
    Path run = gatlingFolder(reports, "smoke-20261130-232048");

    assertThat(RunEnding.rename(run, "smoke-20261130-232048")).isEqualTo(run);
    assertThat(Files.isSymbolicLink(run)).isFalse();
  }
}
