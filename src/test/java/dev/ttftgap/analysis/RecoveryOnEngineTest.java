package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.engine.ModelProfile;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A launch spike on the embedded engine's own scheduler (virtual time): 60 s at 0.3 × the profile's
 * analytic saturation rate μ, 60 s at 1.5 × μ, 60 s at 0.3 × μ again. The fluid queue's drain,
 * {@code (1.5μ − μ)·60 / (μ − 0.3μ)} ≈ 43 s, is the ground truth the whole analysis must measure
 * from the records.
 */
class RecoveryOnEngineTest {
  private static final int SECONDS = 60;
  private static final int WINDOW = 5;

  static Stream<Arguments> profiles() {
    return Stream.of(
        Arguments.of("qwen3-8b-like", true),
        Arguments.of("qwen3-8b-like", false),
        Arguments.of("qwen3-14b-like", false));
  }

  @ParameterizedTest(name = "{0}, uniform arrivals: {1}")
  @MethodSource("profiles")
  void theEnginesQueueDrainsWithinOneWindowOfTheFluidPrediction(String profile, boolean uniform) {
    EngineStaircase run = spike(profile, uniform);
    double mu = run.profile.saturationRatePerSecond();
    double base = run.stepRates.get(0);
    double burst = run.stepRates.get(1);
    double drain = (burst - mu) * SECONDS / (mu - base);
    CapacityOptions options =
        CapacityOptions.defaults().withBurst(new BurstPlan(base, burst, SECONDS, WINDOW));

    RecoveryVerdict verdict =
        CapacityAnalysis.analyze(run.records(), List.of("engine"), options, null).recovery();

    assertThat(verdict.recoverySeconds())
        .as("the drain predicted from the run's own arrivals and throughput")
        .isCloseTo(verdict.predictedDrainSeconds(), within((double) WINDOW));
    if (uniform) {
      assertThat(verdict.recoverySeconds())
          .as("analytic drain %.1f s (Poisson arrivals stray from the nominal rates)", drain)
          .isCloseTo(drain, within((double) WINDOW));
    }
    assertThat(verdict.capacityRate()).as("analytic μ").isCloseTo(mu, within(0.05 * mu));
    assertThat(verdict.predictedDrainSeconds()).isCloseTo(drain, within(0.15 * drain));
    assertThat(verdict.peakInFlight())
        .as("the backlog (1.5μ − μ)·60 at the burst's end, plus the batch")
        .isGreaterThan((int) ((burst - mu) * SECONDS));
    assertThat(verdict.explanation()).as("measured and predicted agree within 25 %").isNull();
  }

  @org.junit.jupiter.api.Test
  void theBaseAfterTheBurstIsTheDrainNotALoadLevelOfTheVerdictsByLoad() {
    EngineStaircase run = spike("qwen3-8b-like", true);
    double base = run.stepRates.get(0);
    double burst = run.stepRates.get(1);
    CapacityOptions spike =
        CapacityOptions.defaults().withBurst(new BurstPlan(base, burst, SECONDS, WINDOW));

    CapacityReport report = CapacityAnalysis.analyze(run.records(), List.of("engine"), spike, null);
    CapacityReport asStairs =
        CapacityAnalysis.analyze(
            run.records(), List.of("engine"), CapacityOptions.defaults(), null);

    assertThat(asStairs.slo().firstFailingStep())
        .as("read as stairs, the drain at the base rate fails where the same rate passed")
        .isEqualTo(BurstPlan.AFTER_STEP);
    assertThat(report.slo().lastPassingStep()).as("the base before").isEqualTo(1);
    assertThat(report.slo().firstFailingStep()).as("the burst").isEqualTo(BurstPlan.BURST_STEP);
    assertThat(report.steps()).as("the step table keeps all three").hasSize(3);
  }

  /** 0.3 μ, 1.5 μ, 0.3 μ for {@value #SECONDS} s each on the engine's {@code profile}. */
  private static EngineStaircase spike(String profile, boolean uniform) {
    EngineStaircase run = new EngineStaircase();
    run.profile = ModelProfile.builtIn(profile);
    run.uniformArrivals = uniform;
    double mu = run.profile.saturationRatePerSecond();
    double base = Math.round(mu * 0.3 * 100) / 100.0;
    run.stepRates = List.of(base, Math.round(mu * 1.5 * 100) / 100.0, base);
    run.stepSeconds = SECONDS;
    return run;
  }
}
