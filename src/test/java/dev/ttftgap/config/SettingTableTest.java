package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The documentation of the settings is the declaration: {@code docs/settings.md} holds {@link
 * SettingTable.markdown()}. That every {@code -D} property or variable the docs name is declared is
 * {@code dev.ttftgap.docs.DocsConsistencyTest}'s.
 */
class SettingTableTest {
  private static final Path TABLE = Path.of("docs/settings.md");

  @Test
  void docsSettingsHoldsTheDeclaredTable() throws IOException {
    assertThat(Files.readString(TABLE))
        .as(
            "docs/settings.md lists every declared Setting; paste SettingTable.markdown() there"
                + " (this message's expected value)")
        .contains(SettingTable.markdown());
  }

  @Test
  void everyDeclaredPropertyIsNamedOnce() {
    List<String> properties =
        Arrays.stream(Setting.values()).flatMap(s -> s.property().stream()).toList();
    assertThat(new TreeSet<>(properties))
        .as("no property declared twice")
        .hasSize(properties.size());
  }
}
