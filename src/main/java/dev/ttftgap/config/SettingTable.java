package dev.ttftgap.config;

import java.util.stream.Collectors;

/** The settings table of {@code docs/settings.md}, rendered from {@link Setting}. */
final class SettingTable {
  private SettingTable() {}

  /**
   * The settings table of {@code docs/settings.md}: one row per setting, columns property,
   * environment, type, default, help.
   */
  static String markdown() {
    StringBuilder table =
        new StringBuilder(
            "| system property | environment | type | default | what it sets |\n"
                + "|---|---|---|---|---|\n");
    for (Setting s : Setting.values()) {
      table
          .append("| ")
          .append(s.property().map(p -> "`-D" + p + "`").orElse(""))
          .append(" | ")
          .append(
              s.environment().stream().map(e -> "`" + e + "`").collect(Collectors.joining(", ")))
          .append(" | ")
          .append(cell(s.type()))
          .append(" | ")
          .append(cell(s.defaultValue()))
          .append(" | ")
          .append(cell(s.help()))
          .append(" |\n");
    }
    return table.toString();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
