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

class KneeDetectorTest {

  static Stream<Arguments> kneeScenarios() {
    return SyntheticRun.scenarios("hockey-stick", "noisy", "queue-limited", "wide", "linear");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kneeScenarios")
  void kneeIsWithinOneStepOfWhereTheGapMedianDoubles(String name, Supplier<SyntheticRun> scenario) {
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(scenario.get().records());
    List<StepStats> steps = measured.stats();
    double lowLoadP50 = steps.get(0).latencies().gap().p50Millis();
    int doubling =
        steps.stream()
            .filter(
                s ->
                    s.latencies().gap() != null
                        && s.latencies().gap().p50Millis() >= 2 * lowLoadP50)
            .findFirst()
            .orElseThrow()
            .step();

    Knee knee = KneeDetector.detect(steps, measured.baseline());

    assertThat(knee.found())
        .as("%s: the gap doubles at step %d, a knee must be found", name, doubling)
        .isTrue();
    System.out.printf(
        Locale.ROOT,
        "accuracy knee %s: knee step %d, gap p50 doubles at step %d, offset %+d%n",
        name,
        knee.step(),
        doubling,
        knee.step() - doubling);
    assertThat(Math.abs(knee.step() - doubling))
        .as("%s: knee at step %d, gap p50 doubles at step %d", name, knee.step(), doubling)
        .isLessThanOrEqualTo(1);
  }

  static Stream<Arguments> ttftKneeScenarios() {
    return Stream.concat(
        SyntheticRun.scenarios("hockey-stick", "noisy", "queue-limited", "wide"),
        Stream.of(
            Arguments.of(
                "queue before the headers",
                (Supplier<SyntheticRun>)
                    () -> SyntheticRun.hockeyStick().with(r -> r.waitBeforeHeadersFraction = 1))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttftKneeScenarios")
  void ttftKneeIsWithinOneStepOfWhereTheTtftMedianDoubles(
      String name, Supplier<SyntheticRun> scenario) {
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(scenario.get().records());
    List<StepStats> steps = measured.stats();
    double lowLoadP50 = steps.get(0).latencies().ttft().p50Millis();
    int doubling =
        steps.stream()
            .filter(
                s ->
                    s.latencies().ttft() != null
                        && s.latencies().ttft().p50Millis() >= 2 * lowLoadP50)
            .findFirst()
            .orElseThrow()
            .step();

    TtftKnee knee = KneeDetector.detectTtft(steps, measured.baseline());

    assertThat(knee.found())
        .as("%s: TTFT doubles at step %d, a knee must be found", name, doubling)
        .isTrue();
    assertThat(Math.abs(knee.step() - doubling))
        .as("%s: TTFT knee at step %d, TTFT p50 doubles at step %d", name, knee.step(), doubling)
        .isLessThanOrEqualTo(1);
  }

  @Test
  void ttftBandIsTheGapBandAppliedToTtft() {
    // TTFB 20 ms + gap p50s: TTFT 60, 80, 95, 140 ms; MAD of TTFT 4 ms
    List<StepStats> steps = gaps(new double[] {40, 60, 75, 120}, new double[] {45, 60, 90, 200});
    LowLoadReference baseline = new LowLoadReference(1, 40, 40, 4, new double[] {40}, 24, 500, 4);

    TtftKnee knee = KneeDetector.detectTtft(steps, baseline);

    assertThat(knee.baselineTtftP50Millis()).isEqualTo(60.0);
    assertThat(knee.bandUpperMillis())
        .as("max(1.5 × 60, 60 + 3 × 4, 60 + 20) = 90")
        .isEqualTo(90.0);
    assertThat(knee.step()).as("80 ms is inside the band, 95 ms is not").isEqualTo(3);
    assertThat(knee.rateLow()).as("the knee lies in (4, 6] rps").isEqualTo(4.0);
    assertThat(knee.place()).as("attributed by QueueLocator, not here").isNull();
  }

  @Test
  void withoutABaselineTheTtftKneeIsNotDetermined() {
    List<StepStats> steps = gaps(new double[] {40, 60}, new double[] {45, 60});

    assertThat(KneeDetector.detectTtft(steps, null).determined()).isFalse();
  }

  @Test
  void flatCurveHasNoKnee() {
    StepStatsCalculator.Result measured =
        StepStatsCalculator.measure(SyntheticRun.flat().records());

    Knee knee = KneeDetector.detect(measured.stats(), measured.baseline());

    assertThat(knee.found()).as("nothing queues, the gap stays in its band").isFalse();
    assertThat(knee.baselineStep()).isEqualTo(1);
  }

  @Test
  void bandIsTheLargestOfRatioMadAndFloor() {
    List<StepStats> steps = gaps(new double[] {40, 55, 75, 120}, new double[] {45, 60, 90, 200});
    LowLoadReference baseline =
        new LowLoadReference(1, 40, 40, 4, new double[] {40}, 24, 500, Double.NaN);

    Knee knee = KneeDetector.detect(steps, baseline);

    assertThat(knee.bandUpperMillis())
        .as("max(1.5 × 40, 40 + 3 × 4, 40 + 20) = 60")
        .isEqualTo(60.0);
    assertThat(knee.step()).as("55 ms is inside the band, 75 ms is not").isEqualTo(3);
    assertThat(knee.rate()).isEqualTo(6.0);
  }

  @Test
  void singleSpikeThatReturnsToTheBandIsNotAKnee() {
    List<StepStats> steps = gaps(new double[] {40, 90, 42, 100}, new double[] {45, 95, 50, 200});
    LowLoadReference baseline =
        new LowLoadReference(1, 40, 40, 2, new double[] {40}, 24, 500, Double.NaN);

    assertThat(KneeDetector.detect(steps, baseline).step())
        .as("step 2 returns to the band at step 3; the knee is step 4")
        .isEqualTo(4);
  }

  /**
   * Steps 1, 2, … at 2, 4, … requests/s, TTFB p50 20 ms, no errors, with gap p50 {@code p50s} and
   * p95 {@code p95s}, ms.
   */
  private static List<StepStats> gaps(double[] p50s, double[] p95s) {
    return IntStream.range(0, p50s.length)
        .mapToObj(i -> TestSteps.step(i + 1, 2 * (i + 1), 20, p50s[i], p95s[i], 0))
        .toList();
  }
}
