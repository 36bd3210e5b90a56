package dev.ttftgap.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenCounterTest {

  @Test
  void anUnpairedSurrogateCountsAsTheQuestionMarkItBecomesOnTheWire() {
    assertThat(TokenCounter.wholeCharacters("a\ud800b")).isEqualTo("a?b");
    assertThat(TokenCounter.count("a\ud800b"))
        .as("counted, not an assertion of the tokenizer")
        .isEqualTo(TokenCounter.count("a?b"));
    String pair = "earth \ud83c\udf0d";
    assertThat(TokenCounter.wholeCharacters(pair)).as("a pair is a whole character").isSameAs(pair);
  }
}
