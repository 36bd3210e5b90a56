package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WholeMillisCountsTest {
  @Test
  void givesThePercentilesOfTheValuesOneByOne() {
    SplittableRandom random = new SplittableRandom(7);
    for (int n : new int[] {1, 2, 3, 10, 101, 2_000}) {
      WholeMillisCounts counts = new WholeMillisCounts();
      List<Long> values = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        long value = random.nextInt(5) == 0 ? random.nextLong(5_000) : 10 + random.nextLong(4);
        counts.add(value);
        values.add(value);
      }
      for (double p : new double[] {0, 1, 25, 50, 90, 95, 99, 100}) {
        assertThat(counts.percentile(p)).as("n=%d p%s", n, p).isEqualTo(Percentiles.of(values, p));
      }
      assertThat(counts.size()).isEqualTo(n);
    }
  }

  @Test
  void interpolatesBetweenTwoValues() {
    WholeMillisCounts counts = new WholeMillisCounts();
    counts.add(10);
    counts.add(20);
    assertThat(counts.median()).contains(15.0);
  }

  @Test
  void isEmptyWithoutValuesAndRefusesABadPercentile() {
    WholeMillisCounts counts = new WholeMillisCounts();
    assertThat(counts.median()).isEmpty();
    assertThatThrownBy(() -> counts.percentile(101)).hasMessageContaining("0..100");
  }
}
