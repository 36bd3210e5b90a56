package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class QueueModelFitterTest {

  private static QueueModel fit(SyntheticRun run) {
    StepStatsCalculator.Result measured = StepStatsCalculator.measure(run.records());
    Saturation saturation = SaturationDetector.detect(measured.stats());
    return QueueModelFitter.fit(
        measured.stats(), measured.samples(), measured.baseline(), saturation);
  }

  /**
   * The measured gap p50 of a long single-rate run of the scenario (another seed) at {@code rate}.
   */
  private static double measuredGapP50(Supplier<SyntheticRun> scenario, double rate) {
    SyntheticRun single = scenario.get();
    single.seed = 99;
    single.stepRates = List.of(rate);
    single.stepSeconds = 600;
    single.warmupSeconds = 60;
    return StepStatsCalculator.of(single.records()).get(0).latencies().gap().p50Millis();
  }

  static Stream<Arguments> unmeasuredRates() {
    Supplier<SyntheticRun> hockeyStick = SyntheticRun::hockeyStick;
    Supplier<SyntheticRun> noisy = SyntheticRun::noisy;
    Supplier<SyntheticRun> wide = SyntheticRun::wide;
    return Stream.of(
        Arguments.of("hockey-stick", hockeyStick, 11.0),
        Arguments.of("hockey-stick", hockeyStick, 13.0),
        Arguments.of("noisy", noisy, 13.0),
        Arguments.of("wide", wide, 36.0));
  }

  @ParameterizedTest(name = "{0} at {2} rps")
  @MethodSource("unmeasuredRates")
  void predictedGapMedianAtAnUnmeasuredRateIsWithinTwentyPercentOfARunAtThatRate(
      String name, Supplier<SyntheticRun> scenario, double rate) {
    QueueModel model = fit(scenario.get());

    double predicted = model.predictedGapMillis(rate, 50);
    double measured = measuredGapP50(scenario, rate);

    double error = predicted / measured - 1;
    System.out.printf(
        Locale.ROOT,
        "accuracy model prediction %s at %.1f rps (not a step): predicted gap p50 %.1f ms, measured"
            + " %.1f ms, error %+.1f%%%n",
        name,
        rate,
        predicted,
        measured,
        100 * error);
    assertThat(Math.abs(error))
        .as(
            "%s gap p50 at %.1f rps: predicted %.1f ms vs measured %.1f ms",
            name, rate, predicted, measured)
        .isLessThanOrEqualTo(0.20);
  }

  @Test
  void fittedCapacityAndServersMatchTheSimulatedQueue() {
    SyntheticRun staircase = SyntheticRun.hockeyStick();
    QueueModel model = fit(staircase);

    System.out.printf(
        Locale.ROOT,
        "accuracy model fit: c=%d (true %d), S=%.0f ms (true %.0f), c/S=%.2f rps (true %.2f), MAPE"
            + " %.1f%%%n",
        model.servers(),
        staircase.servers,
        model.serviceTimeMillis(),
        staircase.serviceMillis,
        model.saturationRate(),
        staircase.capacityRate(),
        model.fitMapePercent());
    assertThat(model.saturationRate() / staircase.capacityRate())
        .as("model capacity c/S vs simulated 16 rps")
        .isBetween(0.9, 1.1);
    assertThat(model.servers()).as("servers of the simulated queue: 8").isBetween(6, 10);
    assertThat(model.fitMapePercent()).as("gap p50 fit error on the measured steps").isLessThan(20);
    assertThat(model.delaySource()).isEqualTo("gap");
    assertThat(model.curve()).as("a curve for the chart").hasSizeGreaterThan(10);
    assertThat(model.curve().get(model.curve().size() - 1).rate())
        .isLessThan(model.saturationRate());
  }

  @Test
  void fitsTheServersReportedQueueTimeWhenEveryStepCarriesIt() {
    SyntheticRun staircase = SyntheticRun.hockeyStick();
    staircase.reportQueueTime = true;

    QueueModel model = fit(staircase);

    assertThat(model.delaySource()).isEqualTo("server_queue_time");
    assertThat(model.saturationRate() / staircase.capacityRate()).isBetween(0.9, 1.1);
  }

  @Test
  void noModelWhenNothingQueues() {
    StepStatsCalculator.Result measured =
        StepStatsCalculator.measure(SyntheticRun.flat().records());
    Saturation saturation = SaturationDetector.detect(measured.stats());

    assertThat(
            QueueModelFitter.fit(
                measured.stats(), measured.samples(), measured.baseline(), saturation))
        .as("a flat gap gives nothing to fit")
        .isNull();
    assertThat(QueueModelFitter.notFittedReason(measured.stats(), measured.baseline(), saturation))
        .contains("no queueing observed");
  }

  @Test
  void predictionIsUndefinedAtAndBeyondSaturation() {
    QueueModel model = fit(SyntheticRun.hockeyStick());

    assertThat(model.predictedGapMillis(model.saturationRate(), 50)).isNull();
    assertThat(model.predictedMeanWaitMillis(model.saturationRate() * 1.5)).isNull();
    assertThat(model.predictedMeanWaitMillis(model.saturationRate() * 0.5)).isNotNull();
  }
}
