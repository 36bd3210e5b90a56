package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code load.burst}: a launch spike read into three steps of the open model. */
class BurstProfileTest {
  private static final String BURST =
      "\"burst\": {\"baseRate\": 2, \"rate\": 8, \"burstSeconds\": 10, \"beforeSeconds\": 20,"
          + " \"afterSeconds\": 40}";

  private static LoadProfile parse(String load) {
    return LoadProfiles.parse(
        "{\"name\": \"spike\", \"request\": {\"promptTokens\": 10}, \"load\": {" + load + "}}",
        "spike.json");
  }

  private static String error(String load) {
    try {
      parse(load);
    } catch (ProfileException e) {
      return e.getMessage();
    }
    throw new AssertionError("no error");
  }

  @Test
  void aBurstIsThreeStepsOfItsOwnLengthsAfterTheWarmup() {
    LoadProfile spike = parse("\"warmup\": {\"level\": 1, \"durationSeconds\": 5}, " + BURST);

    Load load = spike.load();
    assertThat(load.steps()).containsExactly(2.0, 8.0, 2.0);
    assertThat(load.burst()).contains(new Burst(2, 8, 10, 20, 40, 5));
    assertThat(load.stopWhenSaturated()).as("a spike overloads on purpose").contains(false);
    StepSchedule schedule = spike.schedule();
    assertThat(schedule.steps())
        .extracting(Step::startMillis, Step::endMillis)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0L, 5_000L),
            org.assertj.core.groups.Tuple.tuple(5_000L, 25_000L),
            org.assertj.core.groups.Tuple.tuple(25_000L, 35_000L),
            org.assertj.core.groups.Tuple.tuple(35_000L, 75_000L));
    assertThat(schedule.measuredSteps())
        .extracting(Step::index)
        .containsExactly(Burst.BEFORE_STEP, Burst.BURST_STEP, Burst.AFTER_STEP);
    assertThat(schedule.injectionSteps())
        .containsExactly(
            new InjectionStep(InjectionStep.Kind.CONSTANT_RATE, 1, 1, 5),
            new InjectionStep(InjectionStep.Kind.CONSTANT_RATE, 2, 2, 20),
            new InjectionStep(InjectionStep.Kind.CONSTANT_RATE, 8, 8, 10),
            new InjectionStep(InjectionStep.Kind.CONSTANT_RATE, 2, 2, 40));
    assertThat(schedule.traceArrivalsMillis()).isEmpty();
    assertThat(spike.summary())
        .contains("burst 2 → 8 → 2 rps (20 s, 10 s, 40 s; recovery judged in 5 s windows), 75 s");
  }

  @Test
  void poissonArrivalsAndAnExplicitWindowAndStopAreKept() {
    Load load =
        parse(
                "\"arrivals\": \"poisson\", \"stopWhenSaturated\": true, "
                    + BURST.replace("}", ", \"windowSeconds\": 10}"))
            .load();

    assertThat(load.burst().map(Burst::windowSeconds)).contains(10);
    assertThat(load.stopWhenSaturated()).contains(true);
    assertThat(StepSchedule.of(load).injectionSteps())
        .extracting(InjectionStep::kind)
        .containsOnly(InjectionStep.Kind.CONSTANT_RATE_RANDOMIZED);
    assertThat(load.warmup()).isEqualTo(Optional.empty());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          closed | "model": "closed", BURST | spike.json: load.burst: only applies to the open model
          with steps | "steps": [1], BURST | spike.json: load.steps: does not apply with burst, which gives the steps; remove it
          with duration | "stepDurationSeconds": 5, BURST | spike.json: load.stepDurationSeconds: does not apply with burst
          with ramp | "rampSeconds": 5, BURST | spike.json: load.rampSeconds: does not apply with burst
          not above | "burst": {"baseRate": 8, "rate": 8, "burstSeconds": 10, "beforeSeconds": 20, "afterSeconds": 40} | spike.json: load.burst.rate: 8 is not above baseRate 8
          missing | "burst": {"baseRate": 2, "rate": 8, "burstSeconds": 10, "afterSeconds": 40} | spike.json: load.burst.beforeSeconds: missing
          zero | "burst": {"baseRate": 0, "rate": 8, "burstSeconds": 10, "beforeSeconds": 20, "afterSeconds": 40} | spike.json: load.burst.baseRate: 0 is not a rate
          window | "burst": {"baseRate": 2, "rate": 8, "burstSeconds": 10, "beforeSeconds": 20, "afterSeconds": 4} | spike.json: load.burst.windowSeconds: 5 s is longer than afterSeconds (4 s)
          unknown | "burst": {"base": 2} | spike.json: load.burst.base: unknown field
          both | BURST, "trace": {"file": "x"} | spike.json: load.trace: set together with burst
          """)
  void everyWrongBurstFailsWithOneLine(String what, String load, String message) {
    assertThat(error(load.replace("BURST", BURST)))
        .as(what)
        .startsWith(message)
        .doesNotContain("\n");
  }

  @Test
  void theShippedSpikeIsTheAgreedOne() {
    LoadProfile spike = LoadProfiles.load("launch-spike", Path.of("simulations"));

    assertThat(spike.load().burst()).contains(new Burst(5.5, 11.5, 30, 60, 150, 5));
    assertThat(spike.load().warmup()).contains(new Warmup(1, 5));
    assertThat(spike.timeouts().firstTokenSeconds()).isEqualTo(120);
    assertThat(spike.request().prompt().tokens()).contains(100);
    assertThat(spike.slo().flatMap(s -> s.ttftP95Millis())).contains(3000.0);
    assertThat(spike.schedule().totalDurationMillis()).isEqualTo(245_000);
    assertThat(List.of(spike.load().steps().get(0))).containsExactly(5.5);
  }
}
