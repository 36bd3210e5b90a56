package dev.ttftgap.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.report.TextTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExperimentTableTest {
  /** The smallest experiment table: one row, two notes. */
  private record OneRow() implements ExperimentTable {
    @Override
    public TextTable table() {
      return new TextTable(TextTable.Layout.BARS, List.of("model", "TTFB"))
          .row(List.of("a", "180 ms"));
    }

    @Override
    public List<String> notes() {
      return List.of("a: stable", "no warm-up");
    }
  }

  @Test
  void textPutsOneNoteALineUnderTheTable() {
    assertThat(new OneRow().toText())
        .as("the table, then one note a line")
        .isEqualTo("model |   TTFB\na     | 180 ms\na: stable\nno warm-up\n");
  }

  @Test
  void markdownListsTheNotesAfterABlankLine() {
    assertThat(new OneRow().toMarkdown())
        .as("the markdown table, a blank line, the notes as bullets")
        .isEqualTo(
            "| model | TTFB |\n| --- | ---: |\n| a | 180 ms |\n\n- a: stable\n- no warm-up\n");
  }
}
