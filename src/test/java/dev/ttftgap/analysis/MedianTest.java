package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MedianTest {
  @Test
  void oddCountTakesTheMiddleValueWhateverTheOrder() {
    assertThat(Median.of(List.of(7.99, 7.81, 7.87))).as("median of 3").isEqualTo(7.87);
  }

  @Test
  void evenCountTakesTheMeanOfTheMiddleTwo() {
    assertThat(Median.of(List.of(4.0, 1.0, 3.0, 2.0))).as("median of 1..4").isEqualTo(2.5);
  }

  @Test
  void noValuesHaveNoMedian() {
    assertThat(Median.of(List.of())).as("median of nothing is undefined").isNull();
  }
}
