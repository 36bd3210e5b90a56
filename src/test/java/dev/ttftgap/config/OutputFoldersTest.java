package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFoldersTest {
  @TempDir Path dir;

  @Test
  void aMissingFolderIsCreatedAndLeftEmpty() throws Exception {
    Path folder = dir.resolve("a/b");
    OutputFolders.checkWritable("-Drecords.dir", folder);
    assertThat(folder).as("created").isDirectory();
    try (var files = Files.list(folder)) {
      assertThat(files).as("the probe file is gone").isEmpty();
    }
  }

  @Test
  void aFileWhereTheFolderShouldBeFailsInOneLine() throws Exception {
    Path file = Files.writeString(dir.resolve("reports"), "x");
    assertThatThrownBy(() -> OutputFolders.checkWritable("-Dttftgap.reportsDir", file))
        .as("names the setting and says it is a file")
        .isInstanceOf(SettingsException.class)
        .hasMessage(
            "-Dttftgap.reportsDir: "
                + file
                + " is a file, not a folder; remove or rename it, or point -Dttftgap.reportsDir"
                + " elsewhere");
  }

  @Test
  void aFolderThatCannotBeCreatedFailsInOneLine() {
    assertThatThrownBy(() -> OutputFolders.checkWritable("-Drecords.dir", Path.of("/proc/nope")))
        .as("/proc does not take new folders")
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Drecords.dir: cannot write into /proc/nope (")
        .hasMessageEndingWith("); point -Drecords.dir at a writable folder")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aFileInsideThePathFailsInOneLine() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    assertThatThrownBy(() -> OutputFolders.checkWritable("-Drecords.dir", file.resolve("sub")))
        .as("a parent is a file")
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("-Drecords.dir: cannot")
        .hasMessageNotContaining("\n");
  }
}
