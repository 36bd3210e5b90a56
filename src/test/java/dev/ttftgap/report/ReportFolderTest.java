package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFolderTest {
  private static final Instant NOW = Instant.parse("2026-12-01T05:30:00Z");
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);

  @Test
  void aFolderWithoutReportIsWrittenInPlace(@TempDir Path dir) {
    assertThat(ReportFolder.choose(dir, false, print, NOW)).as("nothing to keep").isEqualTo(dir);
    assertThat(out.toString(StandardCharsets.UTF_8)).as("nothing to say").isEmpty();
  }

  @Test
  void aFolderWithAReportGetsANewTimestampedFolder(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("capacity.md"), "old");
    Files.createDirectories(dir.resolve("capacity-20261201-053000"));

    Path chosen = ReportFolder.choose(dir, false, print, NOW);

    assertThat(chosen)
        .as("the stamped name, made unique")
        .isEqualTo(dir.resolve("capacity-20261201-053000-2"));
    assertThat(out.toString(StandardCharsets.UTF_8))
        .as("says where and how to replace instead")
        .contains("the new one goes to " + chosen)
        .contains("--overwrite");
  }

  @Test
  void overwriteWritesInPlace(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("capacity.json"), "{}");

    assertThat(ReportFolder.choose(dir, true, print, NOW)).isEqualTo(dir);
  }
}
