package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HistogramDeltaTest {

  @Test
  void theMedianIsInterpolatedInsideItsBucketAsTheJavadocWorksIt() {
    HistogramDelta delta =
        new HistogramDelta(Map.of(0.5, 10.0, 1.0, 30.0, Double.POSITIVE_INFINITY, 30.0), 30, 18);

    assertThat(delta.quantileMillis(0.5))
        .as("0.5 + (15 − 10)/20 × 0.5 s")
        .isCloseTo(625, within(1e-9));
    assertThat(delta.meanMillis()).as("Δsum / Δcount").isCloseTo(600, within(1e-9));
  }

  @Test
  void theFirstBucketStartsAtZeroAndTheInfiniteOneGivesTheHighestBound() {
    HistogramDelta delta =
        new HistogramDelta(Map.of(0.1, 4.0, 0.2, 4.0, Double.POSITIVE_INFINITY, 8.0), 8, 4);

    assertThat(delta.quantileMillis(0.25))
        .as("rank 2 of 4 in [0, 0.1]")
        .isCloseTo(50, within(1e-9));
    assertThat(delta.quantileMillis(0.95))
        .as("a rank above every finite bound: the highest finite bound, a lower limit")
        .isEqualTo(200);
  }

  @Test
  void noObservationsIsUndefinedNotZero() {
    HistogramDelta empty =
        new HistogramDelta(Map.of(0.1, 0.0, Double.POSITIVE_INFINITY, 0.0), 0, 0);

    assertThat(empty.meanMillis()).as("mean of nothing").isNull();
    assertThat(empty.quantileMillis(0.5)).as("median of nothing").isNull();
  }
}
