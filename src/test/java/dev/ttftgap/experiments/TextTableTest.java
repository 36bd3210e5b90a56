package dev.ttftgap.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {
  @Test
  void alignsFirstColumnLeftAndOthersRight() {
    TextTable table =
        new TextTable(List.of("model", "TTFB"))
            .row(List.of("a", "180 ms"))
            .row(List.of("bbbbbbb", "9 ms"));

    assertThat(table.toText())
        .isEqualTo("model   |   TTFB\n" + "a       | 180 ms\n" + "bbbbbbb |   9 ms\n");
  }

  @Test
  void markdownEscapesPipesAndRightAlignsNumbers() {
    TextTable table = new TextTable(List.of("model", "TTFB")).row(List.of("a|b", "180 ms"));

    assertThat(table.toMarkdown())
        .isEqualTo("| model | TTFB |\n| --- | ---: |\n| a\\|b | 180 ms |\n");
  }

  @Test
  void rejectsRowsOfTheWrongWidth() {
    assertThatThrownBy(() -> new TextTable(List.of("a", "b")).row(List.of("only one")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
