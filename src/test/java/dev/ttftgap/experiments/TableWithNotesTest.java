package dev.ttftgap.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableWithNotesTest {
  private static final TextTable TABLE =
      new TextTable(List.of("model", "TTFB")).row(List.of("a", "180 ms"));

  @Test
  void textPutsOneNoteALineUnderTheTable() {
    TableWithNotes report = new TableWithNotes(TABLE, List.of("a: stable", "no warm-up"));

    assertThat(report.toText())
        .isEqualTo("model |   TTFB\na     | 180 ms\na: stable\nno warm-up\n");
  }

  @Test
  void markdownListsTheNotesAfterABlankLine() {
    TableWithNotes report = new TableWithNotes(TABLE, List.of("a: stable", "no warm-up"));

    assertThat(report.toMarkdown())
        .isEqualTo(
            "| model | TTFB |\n| --- | ---: |\n| a | 180 ms |\n\n- a: stable\n- no warm-up\n");
  }
}
