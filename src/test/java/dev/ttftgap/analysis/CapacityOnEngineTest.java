package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.engine.ModelProfile;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The accuracy promise on the embedded engine's own scheduler (virtual time): its profiles have a
 * known analytic saturation rate, and a long run at one rate is the ground truth for predictions.
 */
class CapacityOnEngineTest {

  private static EngineStaircase staircase(String profile) {
    EngineStaircase run = new EngineStaircase();
    run.profile = ModelProfile.builtIn(profile);
    double saturation = run.profile.saturationRatePerSecond();
    // twelve steps from 1/8 to 3/2 of the analytic saturation rate
    run.stepRates =
        java.util.stream.IntStream.rangeClosed(1, 12)
            .mapToObj(i -> Math.round(saturation * i / 8 * 100) / 100.0)
            .toList();
    return run;
  }

  private static CapacityReport analyse(EngineStaircase run) {
    return CapacityAnalysis.analyze(
        run.records(), List.of("engine"), CapacityOptions.defaults(), null);
  }

  static Stream<Arguments> profiles() {
    return Stream.of(
        Arguments.of("qwen3-8b-like", false),
        Arguments.of("qwen3-14b-like", false),
        Arguments.of("qwen3-8b-like", true));
  }

  @ParameterizedTest(name = "{0}, uniform arrivals: {1}")
  @MethodSource("profiles")
  void saturationIsWithinTenPercentOfTheProfilesAnalyticRate(String profile, boolean uniform) {
    EngineStaircase run = staircase(profile);
    run.uniformArrivals = uniform;
    double analytic = run.profile.saturationRatePerSecond();

    CapacityReport report = analyse(run);

    assertThat(report.saturation().reached()).as("the staircase reaches 1.5 × λ_sat").isTrue();
    double error = report.saturation().saturationRate() / analytic - 1;
    System.out.printf(
        Locale.ROOT,
        "accuracy engine %s (uniform arrivals: %s): saturation %.2f rps vs analytic %.2f rps"
            + " (%+.1f%%); model %s c=%d S=%.0f ms c/S=%.2f rps (%+.1f%%), fit MAPE %.1f%%%n",
        profile,
        uniform,
        report.saturation().saturationRate(),
        analytic,
        100 * error,
        report.model().name(),
        report.model().servers(),
        report.model().serviceTimeMillis(),
        report.model().saturationRate(),
        100 * (report.model().saturationRate() / analytic - 1),
        report.model().fitMapePercent());
    assertThat(Math.abs(error)).as("measured vs analytic saturation").isLessThanOrEqualTo(0.10);
    assertThat(report.model().servers()).as("max_num_seqs").isEqualTo(run.profile.maxNumSeqs());
    assertThat(report.model().saturationRate() / analytic).isBetween(0.9, 1.1);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"qwen3-8b-like", "qwen3-14b-like"})
  void withLongPromptsSaturationIsWithinTenPercentOfTheMemoryBoundRate(String profile) {
    EngineStaircase run = new EngineStaircase();
    run.profile = ModelProfile.builtIn(profile);
    // the client's 2,000 tokens + the chat template's 7, as the engine counts them
    run.promptTokens = 2007;
    int output = run.profile.defaultOutputTokens();
    double memoryBound = run.profile.memoryBoundRatePerSecond(2007, output).getAsDouble();
    run.stepRates =
        java.util.stream.IntStream.rangeClosed(1, 12)
            .mapToObj(i -> Math.round(memoryBound * i / 8 * 100) / 100.0)
            .toList();

    CapacityReport report = analyse(run);

    assertThat(run.profile.concurrencyLimit(2007, output)).as("the KV cache holds 3").isEqualTo(3);
    assertThat(run.profile.saturationRatePerSecond(2007, output)).isEqualTo(memoryBound);
    double error = report.saturation().saturationRate() / memoryBound - 1;
    System.out.printf(
        Locale.ROOT,
        "accuracy engine %s, 2007-token prompts: saturation %.2f rps vs memory-bound %.2f rps"
            + " (%+.1f%%), batch-bound %.2f rps%n",
        profile,
        report.saturation().saturationRate(),
        memoryBound,
        100 * error,
        run.profile.batchBoundRatePerSecond(2007, output));
    assertThat(Math.abs(error)).as("measured vs memory-bound saturation").isLessThanOrEqualTo(0.10);
  }

  @ParameterizedTest(name = "uniform arrivals: {0}")
  @ValueSource(booleans = {false, true})
  void kneeIsWithinOneStepOfWhereTheGapMedianDoubles(boolean uniform) {
    EngineStaircase run = staircase("qwen3-8b-like");
    run.uniformArrivals = uniform;
    CapacityReport report = analyse(run);
    double lowLoad = report.steps().get(0).latencies().gap().p50Millis();
    int doubling =
        report.steps().stream()
            .filter(
                s -> s.latencies().gap() != null && s.latencies().gap().p50Millis() >= 2 * lowLoad)
            .findFirst()
            .orElseThrow()
            .step();

    System.out.printf(
        Locale.ROOT,
        "accuracy engine knee (uniform arrivals: %s): step %d, gap p50 doubles at step %d%n",
        uniform,
        report.knee().step(),
        doubling);
    assertThat(Math.abs(report.knee().step() - doubling)).isLessThanOrEqualTo(1);
  }

  static Stream<Arguments> unmeasuredRates() {
    return Stream.of(
        Arguments.of(0.57, false),
        Arguments.of(0.7, false),
        Arguments.of(0.82, false),
        Arguments.of(0.7, true),
        Arguments.of(0.82, true),
        Arguments.of(0.93, true));
  }

  @ParameterizedTest(name = "{0} × λ_sat, uniform arrivals: {1}")
  @MethodSource("unmeasuredRates")
  void predictedGapMedianAtAnUnmeasuredRateIsWithinTwentyPercentOfARunAtThatRate(
      double fraction, boolean uniform) {
    EngineStaircase run = staircase("qwen3-8b-like");
    run.uniformArrivals = uniform;
    QueueModel model = analyse(run).model();
    double rate = Math.round(run.profile.saturationRatePerSecond() * fraction * 100) / 100.0;
    EngineStaircase single = staircase("qwen3-8b-like");
    single.uniformArrivals = uniform;
    single.seed = 99;
    single.stepRates = List.of(rate);
    single.stepSeconds = 600;
    single.warmupSeconds = 60;
    double measured = StepStatsCalculator.of(single.records()).get(0).latencies().gap().p50Millis();

    double predicted = model.predictedGapMillis(rate, 50);

    double error = predicted / measured - 1;
    System.out.printf(
        Locale.ROOT,
        "accuracy engine prediction at %.2f rps (%.2f × λ_sat, not a step, uniform arrivals: %s):"
            + " gap p50 predicted %.1f ms, measured %.1f ms, error %+.1f%%%n",
        rate,
        fraction,
        uniform,
        predicted,
        measured,
        100 * error);
    assertThat(Math.abs(error))
        .as("gap p50 at %.2f rps: predicted %.1f vs measured %.1f", rate, predicted, measured)
        .isLessThanOrEqualTo(0.20);
  }

  /**
   * The shipped closed-concurrency profile's SLO: p95 TTFT ≤ 3 s, p95 gap ≤ 2.5 s, errors ≤ 1 %.
   */
  private static final CapacityOptions CLOSED_SLO =
      new CapacityOptions(
          Slo.of(3000, 2500, 1), Optional.empty(), Optional.empty(), Optional.empty());

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"qwen3-8b-like", "qwen3-14b-like"})
  void closedRunPlateausWithinThreePercentOfTheAnalyticRateFromMaxNumSeqsStreams(String profile) {
    EngineStaircase run = EngineStaircase.closedConcurrency();
    run.profile = ModelProfile.builtIn(profile);
    double analytic = run.profile.saturationRatePerSecond();

    CapacityReport report =
        CapacityAnalysis.analyze(run.records(), List.of("engine"), CLOSED_SLO, null);

    Saturation plateau = report.saturation();
    ClosedLoopModel loop = report.closedLoopModel();
    SloVerdict slo = report.slo();
    double error = plateau.saturationRate() / analytic - 1;
    // Little's law on the queue: the gap limit is crossed where low-load gap + (N − c) / X = limit
    double predictedSloConcurrency =
        loop.servers()
            + (CLOSED_SLO.slo().gapP95LimitMillis()
                    - report.steps().get(0).latencies().gap().p50Millis())
                * plateau.saturationRate()
                / 1000;
    System.out.printf(
        Locale.ROOT,
        "accuracy engine closed %s (2..32 users × 20 s): plateau %.2f rps from %d streams vs"
            + " analytic %.2f rps (%+.1f%%); Little's law c=%d (max_num_seqs %d), S=%.0f ms,"
            + " queueing delay error %.1f%%; max concurrency under the SLO %d at %.2f rps"
            + " (Little's law predicts %.1f); knee at %d streams%n",
        profile,
        plateau.saturationRate(),
        plateau.concurrency(),
        analytic,
        100 * error,
        loop.servers(),
        run.profile.maxNumSeqs(),
        loop.serviceTimeMillis(),
        loop.fitMapePercent(),
        slo.maxConcurrency(),
        slo.throughputAtMaxConcurrency(),
        predictedSloConcurrency,
        report.knee().concurrency());
    assertThat(report.loadModel()).isEqualTo(LoadModel.CLOSED);
    assertThat(plateau.reached()).as("32 users are four times the batch: a plateau").isTrue();
    assertThat(Math.abs(error))
        .as("plateau %.2f vs analytic %.2f rps", plateau.saturationRate(), analytic)
        .isLessThanOrEqualTo(0.03);
    assertThat(plateau.concurrency())
        .as("throughput stops rising once max_num_seqs streams fill the batch")
        .isEqualTo(run.profile.maxNumSeqs());
    assertThat(loop.servers()).as("X × S = busy slots = max_num_seqs").isEqualTo(8);
    assertThat(loop.fitMapePercent())
        .as("(N − c) / X against the measured queueing delay")
        .isLessThanOrEqualTo(10.0);
    assertThat(report.model()).as("no G/G/c fit on closed arrivals").isNull();
    assertThat(report.modelNote()).startsWith("closed model");
    assertThat(report.knee().concurrency())
        .as("the gap leaves its band once the batch is full")
        .isEqualTo(run.profile.maxNumSeqs());
    assertThat(slo.maxSustainableRate()).as("no arrival-rate verdict in a closed run").isNull();
    assertThat((double) slo.maxConcurrency())
        .as("SLO crossing vs Little's law")
        .isCloseTo(predictedSloConcurrency, within(2.0));
    assertThat(slo.throughputAtMaxConcurrency() / analytic)
        .as("the SLO is met on the plateau: its throughput is the capacity")
        .isBetween(0.97, 1.03);
  }
}
