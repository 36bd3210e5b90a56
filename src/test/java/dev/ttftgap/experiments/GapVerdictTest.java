package dev.ttftgap.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GapVerdictTest {
  @ParameterizedTest(name = "{0} ms → {1}")
  @CsvSource({
    "0, fast",
    "99.9, fast",
    "100, normal",
    "140, normal",
    "299, normal",
    "300, large model",
    "670, large model",
    "799, large model",
    "800, slow",
    "999, slow",
    "1000, investigate",
    "2500, investigate"
  })
  void followsTheSeedsRulesOfThumb(double gapMillis, String expectedStart) {
    assertThat(GapVerdict.of(gapMillis))
        .as(
            "a %s ms gap falls in the source articles' band starting '%s'",
            gapMillis, expectedStart)
        .startsWith(expectedStart);
  }
}
