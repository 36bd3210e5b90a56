package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SaturationDetectorTest {

  static Stream<Arguments> saturatingScenarios() {
    return SyntheticRun.scenarios("hockey-stick", "noisy", "queue-limited", "wide");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("saturatingScenarios")
  void saturationRateIsWithinTenPercentOfTheKnownCapacity(
      String name, Supplier<SyntheticRun> scenario) {
    SyntheticRun run = scenario.get();
    Saturation saturation = SaturationDetector.detect(StepStatsCalculator.of(run.records()));

    assertThat(saturation.reached())
        .as("%s: the staircase goes past c/S, saturation must be found", name)
        .isTrue();
    double error = saturation.saturationRate() / run.capacityRate() - 1;
    System.out.printf(
        Locale.ROOT,
        "accuracy saturation %s: measured %.2f rps, known c/S %.2f rps, error %+.1f%%%n",
        name,
        saturation.saturationRate(),
        run.capacityRate(),
        100 * error);
    assertThat(Math.abs(error))
        .as(
            "%s: saturation %.2f rps vs known c/S %.2f rps",
            name, saturation.saturationRate(), run.capacityRate())
        .isLessThanOrEqualTo(0.10);
  }

  @Test
  void flatCurveNeverSaturatesAndReportsTheBestThroughputSeen() {
    SyntheticRun run = SyntheticRun.flat();
    Saturation saturation = SaturationDetector.detect(StepStatsCalculator.of(run.records()));

    assertThat(saturation.reached()).as("64 servers at ≤ 8 rps never saturate").isFalse();
    assertThat(saturation.saturationRate()).as("no plateau, no estimate").isNull();
    assertThat(saturation.maxAchievedRate())
        .as("best throughput ≈ the top step's 8 rps")
        .isBetween(6.5, 9.5);
  }

  @Test
  void isolatedDipFollowedByHealthyStepsIsNotSaturation() {
    List<StepStats> steps = achieving(new double[] {2, 4, 6}, new double[] {2, 3.2, 5.9});

    assertThat(SaturationDetector.detect(steps).reached())
        .as("one low window between healthy ones is noise")
        .isFalse();
  }

  @Test
  void plateauIsTheMedianAchievedRateOfTheSaturatedSteps() {
    List<StepStats> steps = achieving(new double[] {10, 20, 30, 40}, new double[] {10, 15, 16, 14});

    Saturation saturation = SaturationDetector.detect(steps);

    assertThat(saturation.step()).as("step 2 is the first below 0.9 × arrivals").isEqualTo(2);
    assertThat(saturation.saturationRate()).as("median of 15, 16, 14").isEqualTo(15.0);
    assertThat(saturation.maxAchievedRate()).isEqualTo(16.0);
  }

  /**
   * Steps 1, 2, … offered {@code rates} requests/s, arriving on time and completing {@code
   * achieved} requests/s.
   */
  private static List<StepStats> achieving(double[] rates, double[] achieved) {
    return IntStream.range(0, rates.length)
        .mapToObj(i -> TestSteps.stepWithRates(i + 1, rates[i], rates[i], achieved[i]))
        .toList();
  }
}
