package dev.ttftgap.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadGeneratorLogTest {

  @Test
  void samplesReadBackAsWritten(@TempDir Path dir) {
    Path file = dir.resolve(LoadGeneratorLog.FILE_NAME);
    List<LoadGeneratorSample> written = HealthSamples.step(2, 3, 120, 1, 9_000, 700);
    try (LoadGeneratorLog log = LoadGeneratorLog.open(file)) {
      written.forEach(log::append);
    }
    assertThat(LoadGeneratorLog.read(file)).as("samples read back").isEqualTo(written);
  }

  @Test
  void stallsAreWrittenAsArraysAndAnOlderLineWithoutThemReadsAsNotRecorded(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve(LoadGeneratorLog.FILE_NAME);
    LoadGeneratorSample quiet = HealthSamples.step(1, 1, 100, 0, 0, 0).get(0);
    LoadGeneratorSample withStalls =
        HealthSamples.withStalls(
            quiet, List.of(new EventLoopStall(1_000_000L, 1_012_500L, 2_500L)));
    try (LoadGeneratorLog log = LoadGeneratorLog.open(file)) {
      log.append(withStalls);
      log.append(quiet);
    }
    assertThat(Files.readAllLines(file).get(0))
        .as("one stall: since, end, delay")
        .contains("\"eventLoopStalls\":[[1000000,1012500,2500]]");
    assertThat(LoadGeneratorLog.read(file)).containsExactly(withStalls, quiet);
    assertThat(LoadGeneratorLog.read(file).get(1).eventLoopStalls())
        .as("a line without the field: not recorded, not an empty list")
        .isNull();
  }

  @Test
  void readBesideFindsTheFileNextToTheRecordsOncePerFolder(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("run-1"));
    Files.writeString(run.resolve("records.jsonl"), "");
    Files.writeString(run.resolve("more.jsonl"), "");
    try (LoadGeneratorLog log = LoadGeneratorLog.open(run.resolve(LoadGeneratorLog.FILE_NAME))) {
      HealthSamples.step(1, 2, 100, 0, 0, 0).forEach(log::append);
    }
    List<LoadGeneratorSample> samples =
        LoadGeneratorLog.readBeside(
            List.of(run.resolve("records.jsonl"), run.resolve("more.jsonl")));
    assertThat(samples).as("two samples, the folder's file read once").hasSize(2);
    assertThat(LoadGeneratorLog.readBeside(List.of(dir.resolve("elsewhere/records.jsonl"))))
        .as("no file beside the records")
        .isNull();
  }

  @Test
  void aBrokenLineNamesTheFileTheLineAndTheWayOut(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(LoadGeneratorLog.FILE_NAME);
    Files.writeString(file, "{\"step\":1}\nnot json\n");
    assertThatThrownBy(() -> LoadGeneratorLog.read(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(LoadGeneratorLog.FILE_NAME + ":2")
        .hasMessageContaining("delete the file");
  }
}
