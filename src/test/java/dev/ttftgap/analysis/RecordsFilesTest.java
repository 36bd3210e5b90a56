package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordsFilesTest {

  @Test
  void folderResolvesToEveryRecordsFileBelowIt(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("run-b"));
    Files.createDirectories(dir.resolve("run-a"));
    Files.writeString(dir.resolve("run-b/records.jsonl"), "");
    Files.writeString(dir.resolve("run-a/records.jsonl"), "");
    Files.writeString(dir.resolve("run-a/other.jsonl"), "");

    assertThat(RecordsFiles.resolve(List.of(dir)))
        .containsExactly(dir.resolve("run-a/records.jsonl"), dir.resolve("run-b/records.jsonl"));
  }

  @Test
  void writtenRecordsReadBackEqual(@TempDir Path dir) {
    SyntheticRun run = SyntheticRun.flat();
    run.stepRates = List.of(2.0);
    run.stepSeconds = 5;
    var records = run.records();
    Path file = dir.resolve("records.jsonl");

    RecordsFiles.write(file, records);

    assertThat(RecordsFiles.read(List.of(file))).isEqualTo(records);
  }

  @Test
  void badLineNamesFileAndLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("records.jsonl");
    Files.writeString(file, "\n{not json}\n");

    assertThatThrownBy(() -> RecordsFiles.read(List.of(file)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining(file.toString());
  }

  @Test
  void missingPathSaysWhatToPass(@TempDir Path dir) {
    assertThatThrownBy(() -> RecordsFiles.resolve(List.of(dir.resolve("nope"))))
        .hasMessageContaining("does not exist")
        .hasMessageContaining("run folder or a records file");
  }
}
