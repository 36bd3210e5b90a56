package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FmtTest {
  @Test
  void numKeepsAboutThreeSignificantDigitsAndDropsTrailingZeros() {
    assertThat(Fmt.num(812.4)).as("whole above 100").isEqualTo("812");
    assertThat(Fmt.num(12.34)).as("one decimal from 10").isEqualTo("12.3");
    assertThat(Fmt.num(7.85)).as("two decimals under 10").isEqualTo("7.85");
    assertThat(Fmt.num(12.0)).as("12.0 reads as 12").isEqualTo("12");
    assertThat(Fmt.num(null)).as("undefined").isEqualTo(Fmt.UNDEFINED);
  }

  @Test
  void decimalsCapsTheDecimalsAndDropsTrailingZerosButNotWholeZeros() {
    assertThat(Fmt.decimals(12.345, 2)).as("the search's labels: 2 decimals").isEqualTo("12.35");
    assertThat(Fmt.decimals(7.5, 2)).isEqualTo("7.5");
    assertThat(Fmt.decimals(6, 2)).isEqualTo("6");
    assertThat(Fmt.decimals(100, 0)).as("no decimal point, nothing to drop").isEqualTo("100");
  }

  @Test
  void experimentCellsAreWholeMillisecondsWithATrueMinusAndTheOneDashForUndefined() {
    assertThat(Fmt.wholeMs(305.4)).isEqualTo("305 ms");
    assertThat(Fmt.signedWholeMs(403.0, 305.0)).isEqualTo("+98 ms");
    assertThat(Fmt.signedWholeMs(-3.2)).as("U+2212, not a hyphen").isEqualTo("−3 ms");
    assertThat(Fmt.count(2006.6)).isEqualTo("2007");
    assertThat(Fmt.signedPercent(-0.12)).isEqualTo("−12%");
    assertThat(Fmt.signedPercent(0.01)).isEqualTo("+1%");
    assertThat(Fmt.wholeMs(null)).as("undefined, never 0").isEqualTo(Fmt.UNDEFINED);
    assertThat(Fmt.count(null)).isEqualTo(Fmt.UNDEFINED);
    assertThat(Fmt.signedWholeMs(null, 305.0)).isEqualTo(Fmt.UNDEFINED);
  }
}
