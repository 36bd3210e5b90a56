package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SloEvaluatorTest {
  private static final CapacityOptions SLO = CapacityOptions.defaults();

  @Test
  void interpolatesTheGapLimitBetweenTheLastPassingAndFirstFailingStep() {
    // gap p95 800 ms at 8 rps, 1200 ms at 10 rps, limit 1000 ms → 9 rps
    List<StepStats> steps =
        List.of(
            TestSteps.step(1, 4, 20, 40, 100, 0),
            TestSteps.step(2, 8, 20, 100, 800, 0),
            TestSteps.step(3, 10, 20, 200, 1200, 0));

    SloVerdict verdict = SloEvaluator.evaluate(steps, SLO);

    assertThat(verdict.lastPassingStep()).isEqualTo(2);
    assertThat(verdict.firstFailingStep()).isEqualTo(3);
    assertThat(verdict.limitingMetric()).isEqualTo("gap_p95");
    assertThat(verdict.maxSustainableRate()).isCloseTo(9.0, within(1e-9));
  }

  @Test
  void workedExampleFromTheJavadoc() {
    // p95 TTFT 1500 ms at 8 rps, 2500 ms at 10 rps, limit 2000 ms → 9 rps
    List<StepStats> steps =
        List.of(
            TestSteps.step(1, 8, 20, 100, 1500 - 24, 0),
            TestSteps.step(2, 10, 20, 100, 2500 - 24, 0));
    CapacityOptions options =
        new CapacityOptions(
            Slo.of(2000, 5000, 1),
            java.util.Optional.empty(),
            java.util.Optional.empty(),
            java.util.Optional.empty());

    SloVerdict verdict = SloEvaluator.evaluate(steps, options);

    assertThat(verdict.maxSustainableRate()).isCloseTo(9.0, within(1e-9));
    assertThat(verdict.lowerBound()).isFalse();
  }

  @Test
  void theTightestBrokenLimitDecides() {
    // errors 0 → 10 % (limit 1 % crossed at 8.2 rps), gap p95 500 → 1500 (limit 1000 crossed at 9)
    List<StepStats> steps =
        List.of(TestSteps.step(1, 8, 20, 100, 500, 0), TestSteps.step(2, 10, 20, 300, 1500, 10));

    SloVerdict verdict = SloEvaluator.evaluate(steps, SLO);

    assertThat(verdict.limitingMetric()).isEqualTo("error_rate");
    assertThat(verdict.maxSustainableRate()).isCloseTo(8.2, within(1e-9));
  }

  @Test
  void everyStepPassingGivesALowerBound() {
    List<StepStats> steps =
        List.of(TestSteps.step(1, 2, 20, 40, 50, 0), TestSteps.step(2, 4, 20, 40, 60, 0));

    SloVerdict verdict = SloEvaluator.evaluate(steps, SLO);

    assertThat(verdict.maxSustainableRate()).isEqualTo(4.0);
    assertThat(verdict.lowerBound()).as("the limit lies beyond the last step").isTrue();
    assertThat(verdict.firstFailingStep()).isNull();
  }

  @Test
  void firstStepFailingGivesNoRate() {
    List<StepStats> steps = List.of(TestSteps.step(1, 2, 20, 40, 50, 50));

    SloVerdict verdict = SloEvaluator.evaluate(steps, SLO);

    assertThat(verdict.maxSustainableRate()).as("below the first step: undefined, not 0").isNull();
    assertThat(verdict.firstFailingStep()).isEqualTo(1);
  }

  @Test
  void closedRunReadsTheSloInWholeConcurrentStreamsWithTheThroughputThere() {
    // gap p95 1086 ms at 16 users (7.99 req/s), 3115 ms at 32 users (7.87 req/s), limit 2500 ms:
    // crossing at 16 + 16 × (2500 − 1086) / (3115 − 1086) = 27.15 → 27 streams
    List<StepStats> steps =
        List.of(
            TestSteps.closedStep(1, 8, 7.81, 84, 0),
            TestSteps.closedStep(2, 16, 7.99, 1086, 0),
            TestSteps.closedStep(3, 32, 7.87, 3115, 0));
    CapacityOptions options =
        new CapacityOptions(
            Slo.of(Slo.NO_LIMIT, 2500, 1),
            java.util.Optional.empty(),
            java.util.Optional.empty(),
            java.util.Optional.empty());

    SloVerdict verdict = SloEvaluator.evaluate(steps, options);

    assertThat(verdict.maxConcurrency()).as("27.15 rounded down to whole streams").isEqualTo(27);
    assertThat(verdict.throughputAtMaxConcurrency())
        .as("7.99 + (27 − 16) / 16 × (7.87 − 7.99)")
        .isCloseTo(7.99 + 11.0 / 16 * (7.87 - 7.99), within(1e-9));
    assertThat(verdict.maxSustainableRate())
        .as("an arrival rate means nothing when arrivals follow completions")
        .isNull();
    assertThat(verdict.lastPassingStep()).isEqualTo(2);
    assertThat(verdict.firstFailingStep()).isEqualTo(3);
    assertThat(verdict.limitingMetric()).isEqualTo("gap_p95");
  }

  @Test
  void closedRunPassingEveryStepGivesTheLastConcurrencyAsALowerBound() {
    List<StepStats> steps =
        List.of(TestSteps.closedStep(1, 2, 2.7, 40, 0), TestSteps.closedStep(2, 4, 5.1, 60, 0));

    SloVerdict verdict = SloEvaluator.evaluate(steps, SLO);

    assertThat(verdict.lowerBound()).isTrue();
    assertThat(verdict.maxConcurrency()).isEqualTo(4);
    assertThat(verdict.throughputAtMaxConcurrency()).as("the last step's own").isEqualTo(5.1);
  }

  @Test
  void closedRunFailingAtTheFirstStepGivesNoConcurrency() {
    List<StepStats> steps = List.of(TestSteps.closedStep(1, 2, 2.7, 40, 50));

    SloVerdict verdict = SloEvaluator.evaluate(steps, SLO);

    assertThat(verdict.maxConcurrency()).as("below the first step: undefined, not 0").isNull();
    assertThat(verdict.throughputAtMaxConcurrency()).isNull();
    assertThat(verdict.firstFailingStep()).isEqualTo(1);
  }
}
