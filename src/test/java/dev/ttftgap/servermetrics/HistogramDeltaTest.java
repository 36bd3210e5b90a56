package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HistogramDeltaTest {
  /** The Javadoc's worked example: 30 observations summing to 18 s. */
  private static final HistogramDelta WORKED =
      new HistogramDelta(Map.of(0.5, 10.0, 1.0, 30.0, Double.POSITIVE_INFINITY, 30.0), 30, 18);

  /** 8 observations, half in the first bucket and half above every finite bound. */
  private static final HistogramDelta HALF_ABOVE_THE_BOUNDS =
      new HistogramDelta(Map.of(0.1, 4.0, 0.2, 4.0, Double.POSITIVE_INFINITY, 8.0), 8, 4);

  static Stream<Arguments> quantiles() {
    return Stream.of(
        Arguments.of(
            "the median is interpolated inside its bucket as the Javadoc works it:"
                + " 0.5 + (15 − 10)/20 × 0.5 s",
            WORKED,
            0.5,
            625),
        Arguments.of(
            "the first bucket starts at zero: rank 2 of 4 in [0, 0.1]",
            HALF_ABOVE_THE_BOUNDS,
            0.25,
            50),
        Arguments.of(
            "a rank above every finite bound: the highest finite bound, a lower limit",
            HALF_ABOVE_THE_BOUNDS,
            0.95,
            200));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("quantiles")
  void quantileMillisInterpolatesInsideTheBucketHoldingTheRank(
      String name, HistogramDelta delta, double quantile, double millis) {
    assertThat(delta.quantileMillis(quantile)).as(name).isCloseTo(millis, within(1e-9));
  }

  @Test
  void theMeanIsTheSumsDeltaOverTheCountsDelta() {
    assertThat(WORKED.meanMillis()).as("Δsum / Δcount").isCloseTo(600, within(1e-9));
  }

  @Test
  void noObservationsIsUndefinedNotZero() {
    HistogramDelta empty =
        new HistogramDelta(Map.of(0.1, 0.0, Double.POSITIVE_INFINITY, 0.0), 0, 0);

    assertThat(empty.meanMillis()).as("mean of nothing").isNull();
    assertThat(empty.quantileMillis(0.5)).as("median of nothing").isNull();
  }
}
