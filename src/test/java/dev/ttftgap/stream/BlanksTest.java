package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BlanksTest {

  @Test
  void skipsLeadingAndTrimsTrailingWhitespaceOfARegion() {
    String s = "  \t[DONE] \n";

    int start = Blanks.skip(s, 0);
    int end = Blanks.trimEnd(s, start, s.length());

    assertThat(s.substring(start, end)).isEqualTo("[DONE]");
    assertThat(Blanks.skip(s, s.length())).as("at the end").isEqualTo(s.length());
    assertThat(Blanks.trimEnd("   ", 1, 3))
        .as("an all-blank region ends at its start")
        .isEqualTo(1);
  }
}
