package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LengthDistributionTest {
  private static int[] draw(LengthDistribution distribution, long seed, int n) {
    SplittableRandom random = new SplittableRandom(seed);
    return IntStream.range(0, n).map(i -> distribution.sample(random)).toArray();
  }

  private static java.util.List<Integer> list(int[] values) {
    return IntStream.of(values).boxed().toList();
  }

  private static double mean(int[] values) {
    return IntStream.of(values).average().orElseThrow();
  }

  private static double stddev(int[] values) {
    double mean = mean(values);
    return Math.sqrt(
        IntStream.of(values).mapToDouble(v -> (v - mean) * (v - mean)).sum() / values.length);
  }

  @Test
  void theSameSeedGivesTheSameLengthsAndAnotherSeedOthers() {
    LengthDistribution lognormal = LengthDistribution.lognormal(500, 300, 50, 4000);

    assertThat(draw(lognormal, 7, 200)).as("seed 7 twice").isEqualTo(draw(lognormal, 7, 200));
    assertThat(draw(lognormal, 7, 200))
        .as("seed 7 vs seed 8")
        .isNotEqualTo(draw(lognormal, 8, 200));
  }

  @Test
  void everySampleStaysWithinTheBounds() {
    LengthDistribution tight = LengthDistribution.normal(100, 80, 90, 120);
    LengthDistribution tail = LengthDistribution.lognormal(500, 900, 50, 700);

    assertThat(list(draw(tight, 1, 20_000)))
        .as("normal truncated to 90..120")
        .allMatch(v -> v >= 90 && v <= 120);
    assertThat(list(draw(tail, 1, 20_000)))
        .as("lognormal truncated to 50..700")
        .allMatch(v -> v >= 50 && v <= 700);
    assertThat(list(draw(LengthDistribution.uniform(3, 5), 1, 1000)))
        .as("uniform 3..5 gives each of 3, 4, 5")
        .contains(3, 4, 5)
        .allMatch(v -> v >= 3 && v <= 5);
  }

  @Test
  void wideBoundsKeepTheMeanAndStandardDeviationAsked() {
    int[] normal = draw(LengthDistribution.normal(1000, 100, 1, 5000), 3, 40_000);
    int[] lognormal = draw(LengthDistribution.lognormal(400, 200, 1, 100_000), 3, 40_000);
    int[] uniform = draw(LengthDistribution.uniform(100, 300), 3, 40_000);

    assertThat(mean(normal)).as("normal mean").isCloseTo(1000, within(3.0));
    assertThat(stddev(normal)).as("normal sd").isCloseTo(100, within(3.0));
    assertThat(mean(lognormal)).as("lognormal mean").isCloseTo(400, within(8.0));
    assertThat(stddev(lognormal)).as("lognormal sd").isCloseTo(200, within(15.0));
    assertThat(mean(uniform)).as("uniform mean").isCloseTo(200, within(2.0));
  }

  @Test
  void aLognormalIsSkewedRightItsMedianBelowItsMean() {
    int[] values = draw(LengthDistribution.lognormal(500, 300, 1, 100_000), 5, 20_001);
    java.util.Arrays.sort(values);

    assertThat(values[10_000]).as("median of lognormal(500, 300)").isBetween(410, 450);
  }

  @Test
  void aFixedLengthIsAlwaysItsValueAndItsMeanIsExact() {
    LengthDistribution fixed = LengthDistribution.fixed(64);

    assertThat(draw(fixed, 1, 100)).as("fixed 64").containsOnly(64);
    assertThat(fixed.sampleMean()).as("mean of fixed 64").isEqualTo(64.0);
    assertThat(LengthDistribution.uniform(50, 150).sampleMean())
        .as("mean of uniform")
        .isEqualTo(100.0);
    assertThat(fixed.describe()).as("described").isEqualTo("64");
    assertThat(LengthDistribution.lognormal(500, 300, 50, 4000).describe())
        .as("described")
        .isEqualTo("lognormal mean 500 sd 300 in 50..4000");
  }
}
