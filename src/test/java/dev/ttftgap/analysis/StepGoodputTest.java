package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepGoodputTest {
  private static final List<RequestRecord> RECORDS = SyntheticRun.hockeyStick().records();
  private static final CapacityOptions NONE =
      CapacityOptions.defaults()
          .withSlo(Slo.limits(Optional.empty(), Optional.empty(), Optional.empty()));

  @Test
  void withoutLatencyLimitsEverySuccessfulRequestIsGood() {
    List<StepStats> steps = StepGoodput.of(StepStatsCalculator.of(RECORDS), RECORDS, NONE);

    for (StepStats step : steps) {
      assertThat(step.rates().goodputPerSec())
          .as("step %d: its successful requests per second of its window", step.step())
          .isCloseTo(
              step.counts().okRequests() / step.rates().windowSeconds(),
              org.assertj.core.data.Offset.offset(1e-9));
    }
  }

  @Test
  void goodputCountsOnlyTheRequestsWithinTheLimits() {
    List<StepStats> plain = StepStatsCalculator.of(RECORDS);
    StepStats last = plain.get(plain.size() - 1);
    double limit = last.latencies().gap().p50Millis();
    CapacityOptions slo =
        NONE.withSlo(Slo.limits(Optional.empty(), Optional.of(limit), Optional.empty()));

    StepStats measured = StepGoodput.of(plain, RECORDS, slo).get(plain.size() - 1);

    long within =
        RECORDS.stream()
            .filter(r -> !r.warmup() && r.level().step() == last.step() && r.ok())
            .filter(r -> r.timings().gapMillis() != null && r.timings().gapMillis() <= limit)
            .count();
    assertThat(measured.rates().goodputPerSec())
        .as("the requests of the last step with a gap at most its median, per second")
        .isCloseTo(within / last.rates().windowSeconds(), org.assertj.core.data.Offset.offset(1e-9))
        .isLessThan(measured.counts().okRequests() / last.rates().windowSeconds());
  }

  @Test
  void outputTokensPerSecondSumTheSuccessfulRequestsTokens() {
    List<RequestRecord> engine = SyntheticRuns.risingRate();
    StepStats first = StepGoodput.of(StepStatsCalculator.of(engine), engine, NONE).get(0);

    long tokens =
        engine.stream()
            .filter(r -> !r.warmup() && r.level().step() == first.step() && r.ok())
            .mapToLong(r -> r.output().outputTokens())
            .sum();
    assertThat(tokens).as("the engine's records count their tokens").isPositive();
    assertThat(first.rates().outputTokensPerSec())
        .as("step 1's output tokens per second of its window")
        .isCloseTo(
            tokens / first.rates().windowSeconds(), org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void recordsThatCountNoTokensLeaveTheFigureUndefined() {
    List<RequestRecord> uncounted = TestSteps.evenlySpacedStep(40);

    StepStats step = StepGoodput.of(StepStatsCalculator.of(uncounted), uncounted, NONE).get(0);

    assertThat(step.rates().outputTokensPerSec()).as("no token counted: null, never 0").isNull();
    assertThat(step.rates().goodputPerSec()).as("goodput still measured").isPositive();
  }
}
