package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class PercentilesTest {
  @Test
  void interpolatesBetweenClosestRanksAsTheJavadocWorks() {
    List<Integer> gaps = List.of(900, 140, 160, 150);

    assertThat(Percentiles.median(gaps)).as("rank 1.5 of 140,150,160,900").hasValue(155.0);
    assertThat(Percentiles.of(gaps, 95).orElseThrow())
        .as("rank 2.85: 160 + 0.85 × 740")
        .isCloseTo(789.0, within(1e-9));
    assertThat(Percentiles.of(gaps, 0)).hasValue(140.0);
    assertThat(Percentiles.of(gaps, 100)).hasValue(900.0);
  }

  @Test
  void singleValueIsEveryPercentileAndEmptyHasNone() {
    assertThat(Percentiles.of(List.of(42L), 95)).hasValue(42.0);
    assertThat(Percentiles.median(List.<Long>of())).as("undefined, never 0").isEmpty();
  }

  @Test
  void rejectsPercentilesOutsideZeroToHundred() {
    assertThatThrownBy(() -> Percentiles.of(List.of(1), 101))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0..100");
  }

  @Test
  void medianOfAnOddCountIsTheMiddleValueWhateverTheOrder() {
    assertThat(Percentiles.median(List.of(7.99, 7.81, 7.87))).as("median of 3").hasValue(7.87);
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Percentiles.median(List.of(4.0, 1.0, 3.0, 2.0))).as("median of 1..4").hasValue(2.5);
  }
}
