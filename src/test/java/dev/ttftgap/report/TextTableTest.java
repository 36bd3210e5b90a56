package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {
  @Test
  void barsLayoutAlignsTheFirstColumnLeftAndNumbersRight() {
    TextTable table =
        new TextTable(TextTable.Layout.BARS, List.of("model", "TTFB"))
            .row(List.of("a", "180 ms"))
            .row(List.of("bbbbbbb", "9 ms"));

    assertThat(table.toText())
        .as("the javadoc's example")
        .isEqualTo("model   |   TTFB\n" + "a       | 180 ms\n" + "bbbbbbb |   9 ms\n");
  }

  @Test
  void barsMarkdownEscapesPipesAndMarksNumberColumnsRightAligned() {
    TextTable table =
        new TextTable(TextTable.Layout.BARS, List.of("model", "TTFB"))
            .row(List.of("a|b", "180 ms"));

    assertThat(table.toMarkdown())
        .as("a pipe in a cell is escaped")
        .isEqualTo("| model | TTFB |\n| --- | ---: |\n| a\\|b | 180 ms |\n");
  }

  @Test
  void stepsLayoutRightAlignsEveryColumnTwoSpacesApartWithAPlainMarkdownRule() {
    TextTable table =
        new TextTable(TextTable.Layout.STEPS, List.of("step", "rate rps", "steady"))
            .row(List.of("1", "10", "yes"))
            .row(List.of("12", "7.85", "no"));

    assertThat(table.toText())
        .as("the capacity report's step table: numbers and words alike right-aligned")
        .isEqualTo(
            "step  rate rps  steady\n" + "   1        10     yes\n" + "  12      7.85      no\n");
    assertThat(table.toMarkdown())
        .as("capacity.md's rule marks no alignment")
        .isEqualTo(
            "| step | rate rps | steady |\n| --- | --- | --- |\n| 1 | 10 | yes |\n| 12 | 7.85 | no |\n");
  }

  @Test
  void anUndefinedCellKeepsANumberColumnRightAligned() {
    TextTable table =
        new TextTable(TextTable.Layout.BARS, List.of("model", "TTFB"))
            .row(List.of("a", Fmt.UNDEFINED))
            .row(List.of("b", "12 ms"));

    assertThat(table.toText())
        .as("the dash of an undefined value counts as a number")
        .isEqualTo("model |  TTFB\na     |     —\nb     | 12 ms\n");
  }

  @Test
  void rejectsRowsOfTheWrongWidth() {
    assertThatThrownBy(
            () -> new TextTable(TextTable.Layout.BARS, List.of("a", "b")).row(List.of("only one")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
