package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunHeaderTest {
  private static final RunHeader HEADER =
      new RunHeader(
          "rising-rate-20261130-232048",
          "rising-rate",
          "http://127.0.0.1:8000/v1",
          "Qwen/Qwen3-8B",
          "2026-11-30T23:20:48Z");

  @Test
  void theLineNamesProfileTargetModelAndStart() {
    assertThat(HEADER.line())
        .isEqualTo(
            "load profile rising-rate · target http://127.0.0.1:8000/v1 · model Qwen/Qwen3-8B ·"
                + " started 2026-11-30T23:20:48Z");
  }

  @Test
  void aHeaderWrittenBesideOneRunsRecordsIsReadBack(@TempDir Path dir) throws Exception {
    HEADER.writeInto(dir);
    Files.writeString(dir.resolve("records.jsonl"), "");

    assertThat(RunHeader.readBeside(List.of(dir.resolve("records.jsonl"))))
        .as("run.json beside records.jsonl")
        .contains(HEADER);
  }

  @Test
  void mergedRunsOrRecordsWithoutAHeaderHaveNone(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("a"));
    Files.createDirectories(dir.resolve("b"));
    HEADER.writeInto(dir.resolve("a"));

    assertThat(RunHeader.readBeside(List.of(dir.resolve("b/records.jsonl"))))
        .as("no run.json beside the records")
        .isEmpty();
    assertThat(
            RunHeader.readBeside(
                List.of(dir.resolve("a/records.jsonl"), dir.resolve("b/records.jsonl"))))
        .as("two runs merged: no single header")
        .isEmpty();
  }

  @Test
  void theCapacityPageOpensWithTheRunsNameAndHeaderAndNeverSaysRisingLoad() {
    String html = CapacityHtml.render(Synthetic.closedConcurrency(), java.util.Optional.of(HEADER));

    assertThat(html)
        .as("title, first heading and the line under it")
        .contains("<title>rising-rate-20261130-232048 · capacity report</title>")
        .contains("<h1>Capacity report: rising-rate-20261130-232048</h1>")
        .contains(HEADER.line())
        .doesNotContain("under rising load");
  }
}
