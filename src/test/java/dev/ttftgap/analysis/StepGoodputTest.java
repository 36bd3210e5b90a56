package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepGoodputTest {
  private static final List<RequestRecord> RECORDS = SyntheticRun.hockeyStick().records();
  private static final CapacityOptions NONE =
      CapacityOptions.defaults().withSlo(Optional.empty(), Optional.empty(), Optional.empty());

  @Test
  void withoutLatencyLimitsEverySuccessfulRequestIsGood() {
    List<StepStats> steps = StepGoodput.of(StepStatistics.of(RECORDS), RECORDS, NONE);

    for (StepStats step : steps) {
      assertThat(step.goodputPerSec())
          .as("step %d: its successful requests per second of its window", step.step())
          .isCloseTo(
              step.okRequests() / step.windowSeconds(), org.assertj.core.data.Offset.offset(1e-9));
    }
  }

  @Test
  void goodputCountsOnlyTheRequestsWithinTheLimits() {
    List<StepStats> plain = StepStatistics.of(RECORDS);
    StepStats last = plain.get(plain.size() - 1);
    double limit = last.gap().p50Millis();
    CapacityOptions slo = NONE.withSlo(Optional.empty(), Optional.of(limit), Optional.empty());

    StepStats measured = StepGoodput.of(plain, RECORDS, slo).get(plain.size() - 1);

    long within =
        RECORDS.stream()
            .filter(r -> !r.warmup() && r.level().step() == last.step() && r.ok())
            .filter(r -> r.timings().gapMillis() != null && r.timings().gapMillis() <= limit)
            .count();
    assertThat(measured.goodputPerSec())
        .as("the requests of the last step with a gap at most its median, per second")
        .isCloseTo(within / last.windowSeconds(), org.assertj.core.data.Offset.offset(1e-9))
        .isLessThan(measured.okRequests() / last.windowSeconds());
  }

  @Test
  void outputTokensPerSecondSumTheSuccessfulRequestsTokens() {
    List<RequestRecord> engine = SyntheticRuns.risingRate();
    StepStats first = StepGoodput.of(StepStatistics.of(engine), engine, NONE).get(0);

    long tokens =
        engine.stream()
            .filter(r -> !r.warmup() && r.level().step() == first.step() && r.ok())
            .mapToLong(r -> r.output().outputTokens())
            .sum();
    assertThat(tokens).as("the engine's records count their tokens").isPositive();
    assertThat(first.outputTokensPerSec())
        .as("step 1's output tokens per second of its window")
        .isCloseTo(tokens / first.windowSeconds(), org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void recordsThatCountNoTokensLeaveTheFigureUndefined() {
    List<RequestRecord> uncounted = TestSteps.evenlySpacedStep(40);

    StepStats step = StepGoodput.of(StepStatistics.of(uncounted), uncounted, NONE).get(0);

    assertThat(step.outputTokensPerSec()).as("no token counted: null, never 0").isNull();
    assertThat(step.goodputPerSec()).as("goodput still measured").isPositive();
  }
}
