package dev.ttftgap.health;

import static dev.ttftgap.health.HealthSamples.analyze;
import static dev.ttftgap.health.HealthSamples.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadGeneratorAnalysisTest {

  @Test
  void aStepWhoseLoopWasLateMoreThanOnePercentOfTheTimeIsNotVouchedFor() {
    LoadGeneratorHealth health = HealthSamples.blockedAtStep3();

    assertThat(health.steps()).extracting(LoadGeneratorStep::step).containsExactly(1, 2, 3);
    assertThat(health.step(3).eventLoopDelayP99Millis())
        .as("p99 of 1000 ticks of which 25 (2.5 %) were 31 ms late")
        .isEqualTo(31.0);
    assertThat(health.step(3).vouched()).as("step 3 vouched").isFalse();
    assertThat(health.step(3).reason()).isEqualTo("event-loop delay p99 31 ms > 2.0 ms");
    assertThat(health.step(1).vouched()).as("quiet step 1 vouched").isTrue();
    assertThat(health.step(1).eventLoopDelayP99Millis()).isEqualTo(0.4);
    assertThat(health.unvouchedSteps()).containsExactly(3);
    assertThat(health.unvouched(3)).isTrue();
    assertThat(health.unvouched(7)).as("a step without samples is not said unvouched").isFalse();
  }

  @Test
  void halfAPercentOfLateTicksStaysUnderThePercentile() {
    // 5 of 1000 ticks (0.5 %) 31 ms late: p99 is still a quiet tick
    LoadGeneratorHealth health = analyze(step(1, 10, 400, 1, 31_000, 0));
    assertThat(health.step(1).eventLoopDelayP99Millis()).isEqualTo(0.4);
    assertThat(health.step(1).eventLoopDelayMaxMillis()).isEqualTo(31.0);
    assertThat(health.step(1).vouched()).isTrue();
  }

  @Test
  void injectionLagIsMeasuredAgainstTheBestServedStartAndFlagsAStep() {
    LoadGeneratorHealth health =
        analyze(step(1, 5, 100, 0, 0, 5_000_000), step(2, 5, 100, 0, 0, 5_025_000));

    assertThat(health.step(1).injectionLagP99Millis())
        .as("lag of the best-served step: the origin")
        .isEqualTo(0.0);
    assertThat(health.step(2).injectionLagP99Millis()).isEqualTo(25.0);
    assertThat(health.step(2).reason()).isEqualTo("injection lag p99 25 ms > 10 ms");
  }

  @Test
  void aClosedRunsLagIsEachRequestAgainstTheEndOfTheUsersPreviousOne() {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      // step 2's requests start 30 ms after the user's previous one ended
      records.add(
          ClosedLoopLagTest.request(
              "r", 1, i < 10 ? 1 : 2, 1_000L * i + (i < 10 ? 0 : 30 * (i - 9)), 1_000L));
    }
    LoadGeneratorHealth health =
        LoadGeneratorAnalysis.analyze(step(1, 5, 100, 0, 0, 7_000_000), records);

    assertThat(health.step(1).injectionLagP99Millis())
        .as("step 1: each request starts as its predecessor ends")
        .isEqualTo(0.0);
    assertThat(health.run().injectionLagMaxMillis())
        .as("the run's largest lag, from the records, not the samples' 7 s")
        .isEqualTo(30.0);
  }

  @Test
  void cpuAndGcAreSummedOverTheStep() {
    List<LoadGeneratorSample> samples =
        List.of(
            new LoadGeneratorSample(
                1,
                1,
                1000,
                List.of(),
                List.of(),
                500_000_000L,
                2,
                List.of(3L, 12L),
                40_000_000L,
                null),
            new LoadGeneratorSample(
                2, 1, 1000, List.of(), List.of(), 300_000_000L, 2, List.of(5L), 60_000_000L, null),
            new LoadGeneratorSample(
                3, 0, 1000, List.of(), List.of(), 900_000_000L, 2, List.of(80L), null, null));
    LoadGeneratorStep step = LoadGeneratorAnalysis.analyze(samples).step(1);

    assertThat(step.cpuCores()).as("0.8 s of CPU in 2 s").isEqualTo(0.4);
    assertThat(step.cpuSharePercent()).as("0.4 of 2 processors").isEqualTo(20.0);
    assertThat(step.gcPauses()).isEqualTo(3);
    assertThat(step.gcPauseTotalMillis()).isEqualTo(20);
    assertThat(step.gcPauseMaxMillis()).isEqualTo(12);
    assertThat(step.heapAfterGcMaxBytes()).isEqualTo(60_000_000L);
    assertThat(step.vouched()).as("no probe tick and no start: nothing to vouch with").isNull();
  }

  @Test
  void theWarmUpStaysOutOfTheStepsAndTheRun() {
    LoadGeneratorHealth health = analyze(step(0, 3, 400, 50, 90_000, 0), step(1, 3, 400, 0, 0, 0));

    assertThat(health.steps()).extracting(LoadGeneratorStep::step).containsExactly(1);
    assertThat(health.run().eventLoopDelayMaxMillis())
        .as("the warm-up's 90 ms ticks are not the run's")
        .isEqualTo(0.4);
  }

  /**
   * Five quiet seconds of step 1 whose probe saw one stall, 12 ms late, from 2.000 s to 2.022 s (µs
   * since the epoch): the probe's own p99 is a quiet tick.
   */
  private static List<LoadGeneratorSample> quietStepWithOneStall(List<EventLoopStall> stalls) {
    List<LoadGeneratorSample> samples = new ArrayList<>();
    for (LoadGeneratorSample s : step(1, 5, 100, 0, 0, 0)) {
      samples.add(
          HealthSamples.withStalls(
              s, samples.isEmpty() ? stalls : stalls == null ? null : List.of()));
    }
    return samples;
  }

  /** {@code count} step-1 requests whose first token was stamped at {@code firstTokenMicros}. */
  private static List<RequestRecord> firstTokensAt(int count, long firstTokenMicros) {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(
          TestRecords.builder()
              .level(lv -> lv.step(1).offeredRate(5.0))
              .timings(t -> t.startEpochMillis(1_900).ttfbMillis(10L).ttftMillis(50L))
              .micros(m -> m.startEpochMicros(1_900_000L).ttfbMicros(10_000L))
              .micros(m -> m.ttftMicros(firstTokenMicros - 1_900_000L))
              .result(res -> res.outcome(Outcome.OK))
              .build());
    }
    return records;
  }

  private static final List<EventLoopStall> ONE_STALL =
      List.of(new EventLoopStall(2_000_000L, 2_022_000L, 12_000L));

  @Test
  void aStallThatHoldsAWaveOfFirstTokensIsNotVouchedForThoughTheProbesP99IsQuiet() {
    // 98 requests stamped in the quiet and 2 (2 %) inside the stall
    List<RequestRecord> records = new ArrayList<>(firstTokensAt(98, 2_500_000L));
    records.addAll(firstTokensAt(2, 2_010_000L));

    LoadGeneratorHealth health =
        LoadGeneratorAnalysis.analyze(quietStepWithOneStall(ONE_STALL), records);

    assertThat(health.step(1).eventLoopDelayP99Millis())
        .as("the probe's own p99: a quiet tick")
        .isEqualTo(0.1);
    assertThat(health.step(1).stampDelayP99Millis())
        .as("p99 over the requests: 2 % of them were stamped in the 12-ms stall")
        .isEqualTo(12.0);
    assertThat(health.step(1).vouched()).isFalse();
    assertThat(health.step(1).reason()).isEqualTo("stamp delay p99 12 ms > 2.0 ms");
    assertThat(health.run().stampDelayP99Millis()).isEqualTo(12.0);
  }

  @Test
  void theSameStallWithNoRequestStampedInItLeavesTheStepVouchedFor() {
    LoadGeneratorHealth health =
        LoadGeneratorAnalysis.analyze(
            quietStepWithOneStall(ONE_STALL), firstTokensAt(100, 2_022_001L));

    assertThat(health.step(1).stampDelayP99Millis()).as("stamped just after the stall").isZero();
    assertThat(health.step(1).vouched()).isTrue();
  }

  @Test
  void aFileWithoutStallsGivesNoStampDelayRatherThanZero() {
    LoadGeneratorHealth health =
        LoadGeneratorAnalysis.analyze(quietStepWithOneStall(null), firstTokensAt(100, 2_010_000L));

    assertThat(health.step(1).stampDelayP99Millis()).as("stalls not recorded").isNull();
    assertThat(health.run().stampDelayP99Millis()).isNull();
    assertThat(health.step(1).vouched()).as("judged on the probe alone, as before").isTrue();
  }

  @Test
  void noFileMeansNoHealth() {
    assertThat(LoadGeneratorAnalysis.analyze(null)).isNull();
  }
}
