package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.ttftgap.analysis.Slo;
import dev.ttftgap.profile.InjectionStep.Kind;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StepScheduleTest {

  private static Load open(
      Load.Arrivals arrivals, Warmup warmup, List<Double> steps, int seconds, int ramp) {
    return new Load(
        Load.Type.OPEN, Optional.of(arrivals), Optional.ofNullable(warmup), steps, seconds, ramp);
  }

  /** The schedule of an open load with evenly spaced arrivals. */
  private static StepSchedule uniform(Warmup warmup, List<Double> steps, int seconds, int ramp) {
    return StepSchedule.of(open(Load.Arrivals.UNIFORM, warmup, steps, seconds, ramp));
  }

  private static InjectionStep constantRate(double rate, int seconds) {
    return new InjectionStep(Kind.CONSTANT_RATE, rate, rate, seconds);
  }

  private static InjectionStep rampRate(double from, double to, int seconds) {
    return new InjectionStep(Kind.RAMP_RATE, from, to, seconds);
  }

  private static InjectionStep constantUsers(int users, int seconds) {
    return new InjectionStep(Kind.CONSTANT_CONCURRENCY, users, users, seconds);
  }

  private static Load closed(Warmup warmup, List<Double> steps, int seconds, int ramp) {
    return new Load(
        Load.Type.CLOSED, Optional.empty(), Optional.ofNullable(warmup), steps, seconds, ramp);
  }

  @Test
  void warmupThenStepsBackToBack() {
    StepSchedule schedule = uniform(new Warmup(1, 5), List.of(2.0, 4.0, 6.0), 20, 0);

    assertThat(schedule.steps())
        .containsExactly(
            new Step(0, "warm-up · 1 rps", 1, 0, 5_000, true),
            new Step(1, "step 1 · 2 rps", 2, 5_000, 25_000, false),
            new Step(2, "step 2 · 4 rps", 4, 25_000, 45_000, false),
            new Step(3, "step 3 · 6 rps", 6, 45_000, 65_000, false));
    assertThat(schedule.totalDurationMillis()).isEqualTo(65_000);
    assertThat(schedule.warmup()).contains(schedule.steps().get(0));
    assertThat(schedule.measuredSteps()).extracting(Step::index).containsExactly(1, 2, 3);
  }

  @Test
  void withoutWarmupTheFirstStepStartsAtZeroWithoutRamp() {
    StepSchedule schedule = uniform(null, List.of(2.0, 4.0), 10, 3);

    assertThat(schedule.warmup()).isEmpty();
    assertThat(schedule.steps())
        .extracting(Step::startMillis, Step::endMillis)
        .as("first step: no ramp (nothing to ramp from); second: 3 s ramp + 10 s")
        .containsExactly(tuple(0L, 10_000L), tuple(10_000L, 23_000L));
    assertThat(schedule.injectionSteps())
        .containsExactly(constantRate(2, 10), rampRate(2, 4, 3), constantRate(4, 10));
  }

  @Test
  void rampBelongsToTheStepItLeadsInto() {
    StepSchedule schedule = uniform(new Warmup(1, 5), List.of(2.0, 4.0), 20, 2);

    assertThat(schedule.steps())
        .extracting(Step::startMillis, Step::endMillis)
        .containsExactly(tuple(0L, 5_000L), tuple(5_000L, 27_000L), tuple(27_000L, 49_000L));
    assertThat(schedule.injectionSteps())
        .containsExactly(
            constantRate(1, 5),
            rampRate(1, 2, 2),
            constantRate(2, 20),
            rampRate(2, 4, 2),
            constantRate(4, 20));
  }

  @Test
  void poissonArrivalsMapToRandomizedSteps() {
    StepSchedule schedule =
        StepSchedule.of(open(Load.Arrivals.POISSON, new Warmup(1, 5), List.of(2.0, 4.0), 20, 1));

    assertThat(schedule.injectionSteps())
        .extracting(InjectionStep::kind)
        .containsExactly(
            Kind.CONSTANT_RATE_RANDOMIZED,
            Kind.RAMP_RATE_RANDOMIZED,
            Kind.CONSTANT_RATE_RANDOMIZED,
            Kind.RAMP_RATE_RANDOMIZED,
            Kind.CONSTANT_RATE_RANDOMIZED);
  }

  @Test
  void closedStairsMapToConcurrencyStepsAndUserLabels() {
    StepSchedule schedule = StepSchedule.of(closed(new Warmup(1, 5), List.of(2.0, 16.0), 20, 0));

    assertThat(schedule.steps())
        .extracting(Step::label)
        .containsExactly("warm-up · 1 user", "step 1 · 2 users", "step 2 · 16 users");
    assertThat(schedule.injectionSteps())
        .containsExactly(constantUsers(1, 5), constantUsers(2, 20), constantUsers(16, 20));
    assertThat(schedule.injectionSteps()).allMatch(InjectionStep::closed, "closed kinds only");
    assertThat(schedule.open()).isFalse();
    assertThat(StepSchedule.of(closed(null, List.of(2.0, 4.0), 20, 5)).injectionSteps().get(1))
        .isEqualTo(new InjectionStep(Kind.RAMP_CONCURRENCY, 2, 4, 5));
  }

  @Test
  void injectionDurationsAddUpToTheTimeline() {
    StepSchedule schedule = uniform(new Warmup(1, 7), List.of(1.0, 2.0, 3.0, 5.0), 13, 4);

    long injectedMillis =
        schedule.injectionSteps().stream().mapToLong(step -> step.durationSeconds() * 1000L).sum();
    assertThat(injectedMillis).isEqualTo(schedule.totalDurationMillis());
  }

  @Test
  void moreThanNineStepsAreZeroPaddedSoLabelsSortInRunOrder() {
    List<Double> levels = IntStream.rangeClosed(1, 12).mapToObj(i -> i * 0.5).toList();
    StepSchedule schedule = uniform(null, levels, 5, 0);

    List<String> labels = schedule.measuredSteps().stream().map(Step::label).toList();
    assertThat(labels.get(0)).isEqualTo("step 01 · 0.5 rps");
    assertThat(labels.get(11)).isEqualTo("step 12 · 6 rps");
    assertThat(labels).as("sorted by name = run order").isSorted();
  }

  @Test
  void labelsAreSafeGroupNames() {
    StepSchedule schedule = uniform(new Warmup(0.25, 5), List.of(0.5, 1.5, 12.75), 5, 0);

    assertThat(schedule.steps())
        .extracting(Step::label)
        .allMatch(
            label -> label.matches("[A-Za-z0-9 ·.\\-]+"), "letters, digits, ' ', '·', '.', '-'")
        .contains("warm-up · 0.25 rps", "step 3 · 12.75 rps");
  }

  @Test
  void stepAtFindsTheStepWhoseIntervalHoldsTheOffset() {
    StepSchedule schedule = uniform(new Warmup(1, 5), List.of(2.0, 10.0), 20, 0);

    assertThat(schedule.stepAt(0).index()).isZero();
    assertThat(schedule.stepAt(4_000).index()).isZero();
    assertThat(schedule.stepAt(5_000).index()).isEqualTo(1);
    assertThat(schedule.stepAt(24_700).index()).isEqualTo(1);
    assertThat(schedule.stepAt(25_000).index()).isEqualTo(2);
    assertThat(schedule.stepAt(-100).index()).as("before the start: first phase").isZero();
    assertThat(schedule.stepAt(99_000).index()).as("after the end: last step").isEqualTo(2);
  }

  @Test
  void aUserSlightlyBeforeAStepStartBelongsToThatStep() {
    StepSchedule schedule = uniform(new Warmup(1, 5), List.of(2.0, 10.0), 20, 0);

    // after 1 rps the tolerance is 250 ms (cap), after 2 rps it is 250 ms (500 / 2)
    assertThat(schedule.boundaryToleranceMillis(1)).isEqualTo(250);
    assertThat(schedule.boundaryToleranceMillis(2)).isEqualTo(250);
    assertThat(schedule.stepAt(5_000 - 250).index()).isEqualTo(1);
    assertThat(schedule.stepAt(5_000 - 251).index()).isZero();
    assertThat(schedule.stepAt(25_000 - 250).index()).isEqualTo(2);
    assertThat(schedule.stepAt(25_000 - 251).index()).isEqualTo(1);
  }

  @Test
  void toleranceNeverSwallowsTheLastArrivalOfAFastStep() {
    StepSchedule schedule = uniform(null, List.of(10.0, 20.0, 40.0), 20, 0);

    // 10 rps: arrivals 100 ms apart, the last one at 19 900 ms stays in step 1
    assertThat(schedule.boundaryToleranceMillis(1)).isEqualTo(50);
    assertThat(schedule.stepAt(19_900).index()).isEqualTo(1);
    assertThat(schedule.stepAt(19_950).index()).isEqualTo(2);
    assertThat(schedule.boundaryToleranceMillis(2)).isEqualTo(25);
    assertThat(schedule.boundaryToleranceMillis(0)).as("first phase has no earlier step").isZero();
  }

  @Test
  void closedModelToleranceIsFixed() {
    StepSchedule schedule = StepSchedule.of(closed(null, List.of(2.0, 4.0), 20, 0));

    assertThat(schedule.boundaryToleranceMillis(1)).isEqualTo(50);
    assertThat(schedule.stepAt(19_950).index()).isEqualTo(2);
    assertThat(schedule.stepAt(19_949).index()).isEqualTo(1);
  }

  @Test
  void assertedStepsAreThoseUpToTheSloLevel() {
    StepSchedule schedule = uniform(new Warmup(1, 5), List.of(1.0, 2.0, 4.0, 6.0), 20, 0);
    Slo slo = new Slo(Optional.of(3000.0), Optional.empty(), Optional.of(1.0), Optional.of(2.0));

    assertThat(schedule.assertedSteps(slo)).extracting(Step::index).containsExactly(1, 2);
    assertThat(
            schedule.assertedSteps(
                new Slo(Optional.of(3000.0), Optional.empty(), Optional.empty(), Optional.empty())))
        .as("no assertUpToLevel: nothing asserted")
        .isEmpty();
  }
}
