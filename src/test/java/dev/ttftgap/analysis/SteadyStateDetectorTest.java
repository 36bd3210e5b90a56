package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SteadyStateDetectorTest {
  private static final long T0 = SyntheticRun.EPOCH_START;

  /** Arrivals every 100 ms for 30 s whose sojourn grows by {@code growthMillis} per request. */
  private static List<RequestRecord> queueGrowing(long growthMillis) {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      int n = i;
      long wait = i * growthMillis;
      records.add(
          TestRecords.builder()
              .identity(id -> id.userId(n))
              .level(lv -> lv.phase(RequestPhase.STEP).step(1).offeredRate(10.0))
              .timings(
                  t ->
                      t.startEpochMillis(T0 + 100L * n)
                          .ttfbMillis(2L)
                          .gapMillis(40 + wait)
                          .ttftMillis(42 + wait)
                          .e2eMillis(800 + wait))
              .result(res -> res.outcome(Outcome.OK))
              .build());
    }
    return records;
  }

  @Test
  void aQueueThatGrowsEveryRequestIsNotSteady() {
    List<RequestRecord> records = queueGrowing(10);

    SteadyState verdict = SteadyStateDetector.detect(records, records, T0, T0 + 30_000, false);

    assertThat(verdict.steady()).as("the sojourn grows by 1 s every 10 requests").isFalse();
    assertThat(verdict.concurrencyLastThird())
        .as("requests in flight rise within the step")
        .isGreaterThan(verdict.concurrencyFirstThird() + 1);
    assertThat(verdict.gapP50LastThirdMillis()).isGreaterThan(verdict.gapP50FirstThirdMillis());
    assertThat(verdict.reason()).contains("requests in flight rose").contains("median gap rose");
  }

  @Test
  void aConstantSojournIsSteady() {
    List<RequestRecord> records = queueGrowing(0);

    SteadyState verdict = SteadyStateDetector.detect(records, records, T0, T0 + 30_000, false);

    assertThat(verdict.steady()).as(verdict.reason()).isTrue();
    assertThat(verdict.completionRatio()).isGreaterThanOrEqualTo(0.97);
    assertThat(verdict.reason()).isNull();
  }

  @Test
  void tooFewRequestsAreNotJudged() {
    List<RequestRecord> records = queueGrowing(0).subList(0, 5);

    assertThat(SteadyStateDetector.detect(records, records, T0, T0 + 500, false)).isNull();
  }

  @Test
  void stepsBelowCapacityAreSteadyAndStepsAboveItAreNot() {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.stepRates = List.of(4.0, 8.0, 12.0, 17.0, 22.0);
    run.stepSeconds = 40;

    List<StepStats> steps = StepStatsCalculator.of(run.records());

    // capacity c/S = 8 / 0.5 s = 16 req/s
    assertThat(steps.subList(0, 3)).allSatisfy(s -> assertThat(s.unsteady()).isFalse());
    assertThat(steps.subList(3, 5))
        .as("17 and 22 req/s exceed the 16 req/s capacity")
        .allSatisfy(s -> assertThat(s.unsteady()).as("step %d", s.step()).isTrue());
  }

  @Test
  void aTransientPassNeverCountsAsMeetingTheSlo() {
    SyntheticRun run = SyntheticRun.hockeyStick();
    // 18 req/s against a 16 req/s capacity: the queue grows ~2 per s, slowly enough that a 20-s
    // step stays within a 5 s p95 gap limit
    run.stepRates = List.of(4.0, 8.0, 12.0, 18.0, 24.0);
    run.stepSeconds = 20;
    run.noiseSigma = 0;
    CapacityOptions options =
        new CapacityOptions(
            Slo.of(6000, 5000, 1), Optional.empty(), Optional.empty(), Optional.empty());

    CapacityReport report = CapacityAnalysis.analyze(run.records(), List.of(), options, null);

    StepStats transientStep = report.step(4);
    assertThat(transientStep.latencies().gap().p95Millis())
        .as("step 4 meets the gap limit within its 20 s")
        .isLessThanOrEqualTo(5000);
    assertThat(transientStep.unsteady()).as("but its queue grows").isTrue();
    assertThat(report.slo().transientSteps()).contains(4);
    assertThat(report.slo().firstFailingStep()).isEqualTo(4);
    assertThat(report.slo().maxSustainableRate())
        .as("never above saturation")
        .isLessThanOrEqualTo(report.saturation().saturationRate());
  }

  @Test
  void oneOverloadedStepHasNoBaselineAndItsKneeIsNotDetermined() {
    SyntheticRun run = SyntheticRun.hockeyStick();
    run.stepRates = List.of(18.0);
    run.stepSeconds = 120;

    CapacityReport report =
        CapacityAnalysis.analyze(run.records(), List.of(), CapacityOptions.defaults(), null);

    assertThat(report.step(1).unsteady()).as("18 req/s against 16 req/s").isTrue();
    assertThat(report.knee().determined())
        .as("an overloaded step is no low-load baseline")
        .isFalse();
    assertThat(report.knee().found()).isFalse();
    assertThat(report.slo().maxSustainableRate()).isNull();
  }

  @Test
  void maxSustainableRateNeverExceedsSaturationOverRandomizedRuns() {
    Random random = new Random(42);
    int checked = 0;
    for (int i = 0; i < 24; i++) {
      SyntheticRun run = SyntheticRun.hockeyStick();
      run.seed = random.nextLong();
      run.servers = 2 + random.nextInt(30);
      run.serviceMillis = 200 + random.nextInt(1500);
      run.noiseSigma = random.nextDouble() * 0.4;
      double capacity = run.capacityRate();
      List<Double> rates = new ArrayList<>();
      double rate = capacity * (0.1 + 0.2 * random.nextDouble());
      double top = capacity * (1.3 + 0.7 * random.nextDouble());
      int count = 5 + random.nextInt(5);
      double factor = Math.pow(top / rate, 1.0 / (count - 1));
      for (int k = 0; k < count; k++) {
        rates.add(Math.round(rate * 100) / 100.0);
        rate *= factor;
      }
      run.stepRates = rates;
      run.stepSeconds = 15 + random.nextInt(30);
      CapacityOptions options =
          new CapacityOptions(
              Slo.of(500 + random.nextInt(8000), 300 + random.nextInt(6000), 1),
              Optional.empty(),
              Optional.empty(),
              Optional.empty());

      CapacityReport report = CapacityAnalysis.analyze(run.records(), List.of(), options, null);

      Saturation saturation = report.saturation();
      Double best = report.slo().maxSustainableRate();
      if (best != null && saturation.reached()) {
        checked++;
        assertThat(best)
            .as("run %d: max sustainable ≤ %s × saturation %s", i, 0.95, saturation)
            .isLessThanOrEqualTo(SloEvaluator.MAX_UTILISATION * saturation.saturationRate() + 1e-9);
        assertThat(report.slo().rateHigh())
            .as("run %d: interval's upper end ≤ saturation", i)
            .isLessThanOrEqualTo(saturation.saturationRate() + 1e-9);
      }
      if (best != null) {
        assertThat(best)
            .as("run %d: inside its interval", i)
            .isBetween(
                report.slo().rateLow() - 1e-9,
                report.slo().rateHigh() == null
                    ? Double.MAX_VALUE
                    : report.slo().rateHigh() + 1e-9);
        assertThat(report.slo().transientSteps())
            .as("run %d: the answer rests on no transient pass", i)
            .doesNotContain(report.slo().lastPassingStep());
      }
    }
    assertThat(checked).as("runs that saturated and had an answer").isGreaterThanOrEqualTo(10);
  }

  @Test
  void closedRunsJudgeOnlyTheGapAndKeepThroughputUnderThePlateau() {
    CapacityReport report =
        CapacityAnalysis.analyze(
            SyntheticRuns.closedConcurrency(), List.of(), CapacityOptions.defaults(), null);

    assertThat(report.steps())
        .allSatisfy(
            s -> {
              if (s.steadyState() != null) {
                assertThat(s.steadyState().completionRatio())
                    .as("arrivals follow completions in a closed run")
                    .isNull();
                assertThat(s.steadyState().concurrencyGrowthPerSec()).isNull();
              }
            });
    if (report.slo().throughputAtMaxConcurrency() != null && report.saturation().reached()) {
      assertThat(report.slo().throughputAtMaxConcurrency())
          .isLessThanOrEqualTo(report.saturation().saturationRate());
    }
  }
}
