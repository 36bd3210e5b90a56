package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.profile.LoadProfiles;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StepProgressTest {
  /** The smoke profile: warm-up 2 s at 1 rps, then 1 and 2 rps for 5 s each. */
  private final StepSchedule schedule =
      StepSchedule.of(LoadProfiles.load("smoke", Path.of("simulations")).load());

  private final AtomicLong now = new AtomicLong();
  private final List<String> lines = new ArrayList<>();
  private final StepProgress progress = new StepProgress(schedule, 30_000, now::get, lines::add);

  private static RequestRecord record(Step step, long userId) {
    return TestRecords.builder()
        .identity(id -> id.userId(userId))
        .level(
            lv ->
                lv.phase(step.warmup() ? RequestPhase.WARMUP : RequestPhase.STEP)
                    .step(step.index())
                    .stepLabel(step.label())
                    .offeredRate(step.level()))
        .timings(
            t ->
                t.startEpochMillis(1_000_000L + step.startMillis() + 100 * userId)
                    .ttfbMillis(1L)
                    .ttftMillis(21L)
                    .gapMillis(20L)
                    .firstContentMillis(21L)
                    .e2eMillis(300L))
        .build();
  }

  /** The progress poller runs when the run's clock reads {@code millis}. */
  private void pollAt(long millis) {
    now.set(millis);
    progress.poll();
  }

  /** Step 1 of the smoke profile, two of its requests sent, the first one's record in. */
  private Step twoSentOneFinished() {
    Step first = schedule.measuredSteps().get(0);
    progress.started(first.index());
    progress.started(first.index());
    progress.onRecord(record(first, 1));
    return first;
  }

  @Test
  void aStepIsPrintedOnceTheRunIsPastItsEndAndItsRequestsHaveFinished() {
    Step first = twoSentOneFinished();

    pollAt(first.endMillis() + 10);
    assertThat(lines).as("one of its two requests still in flight: no line yet").isEmpty();

    progress.onRecord(record(first, 2));
    progress.poll();
    assertThat(lines).as("step 1 (the warm-up sent nothing here)").hasSize(1);
    assertThat(lines.get(0))
        .startsWith("ttft-gap: " + first.label() + " done · achieved ")
        .contains("gap p50/p95 20 / 20 ms")
        .endsWith("errors 0 % (0 of 2)");

    progress.poll();
    assertThat(lines).as("printed once").hasSize(1);
  }

  @Test
  void aPrintedStepsRecordsAreLetGoAndItsLateOnesNotKept() {
    Step first = twoSentOneFinished();
    progress.onRecord(record(first, 2));
    Step second = schedule.measuredSteps().get(1);
    progress.onRecord(record(second, 3));
    assertThat(progress.heldRecords()).as("before step 1's line").isEqualTo(3);

    pollAt(first.endMillis() + 10);
    assertThat(lines).as("step 1's line").hasSize(1);
    assertThat(progress.heldRecords()).as("step 2's record only").isEqualTo(1);

    progress.onRecord(record(first, 4));
    assertThat(progress.heldRecords()).as("a late record of printed step 1").isEqualTo(1);
  }

  @Test
  void aStepWhoseLastRequestHangsIsPrintedOnceItsGraceHasPassed() {
    Step first = twoSentOneFinished();

    pollAt(first.endMillis() + 29_000);
    assertThat(lines).as("within the stream timeout: waits").isEmpty();

    pollAt(first.endMillis() + 30_000);
    assertThat(lines).as("past it: printed with what finished").hasSize(1);
    assertThat(lines.get(0)).endsWith("(0 of 1)");
  }

  @Test
  void theWarmUpHasItsOwnLine() {
    Step warmup = schedule.warmup().orElseThrow();
    progress.started(warmup.index());
    progress.onRecord(record(warmup, 1));

    pollAt(warmup.endMillis());

    assertThat(lines)
        .containsExactly(
            "ttft-gap: "
                + warmup.label()
                + " done · 1 requests, 0 failed (left out of the statistics)");
  }

  @Test
  void theEndOfTheRunPrintsTheStepsThatSentRequestsAndNoOthers() {
    Step first = schedule.measuredSteps().get(0);
    progress.started(first.index());
    progress.onRecord(record(first, 1));

    progress.finish();

    assertThat(lines)
        .as("step 1 only: the warm-up and step 2 sent nothing (a run stopped early)")
        .hasSize(1);
    assertThat(lines.get(0)).startsWith("ttft-gap: " + first.label() + " done");
  }
}
