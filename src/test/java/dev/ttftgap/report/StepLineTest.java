package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.StepStatsCalculator;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepLineTest {
  /** Ten requests of a 2 rps step, 500 ms apart: TTFB 2 ms, gap 30 ms; the last one failed. */
  private static StepStats twoRpsStep() {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      int n = i;
      RequestRecordBuilder record =
          TestRecords.builder()
              .identity(id -> id.userId(n))
              .level(lv -> lv.step(1).stepLabel("step 1 · 2 rps").offeredRate(2.0))
              .timings(t -> t.startEpochMillis(1_000_000L + 500L * n).e2eMillis(100L));
      if (i < 9) {
        record.timings(
            t -> t.ttfbMillis(2L).ttftMillis(32L).gapMillis(30L).firstContentMillis(32L));
      } else {
        record.result(
            res ->
                res.outcome(Outcome.KO)
                    .reason(FailureReason.HTTP_STATUS)
                    .httpStatus(500)
                    .message("boom"));
      }
      records.add(record.build());
    }
    return StepStatsCalculator.of(records).get(0);
  }

  @Test
  void aFinishedStepReadsAsOneLineWithItsRatesTtfbGapAndErrors() {
    String line = StepLine.of(twoRpsStep());

    assertThat(line)
        .as("one console line")
        .doesNotContain("\n")
        .startsWith("ttft-gap: step 1 · 2 rps done · achieved ")
        .contains(" rps · TTFB p50/p95 2.0 / 2.0 ms · gap p50/p95 30 / 30 ms · ")
        .endsWith("errors 10 % (1 of 10)");
  }

  @Test
  void aStepWithoutAnyTokenShowsItsLatenciesAsUndefined() {
    List<RequestRecord> failed = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      int n = i;
      failed.add(
          TestRecords.builder()
              .identity(id -> id.userId(n))
              .level(lv -> lv.stepLabel("step 1 · 2 rps").offeredRate(2.0))
              .timings(t -> t.startEpochMillis(1_000L * n))
              .result(
                  res ->
                      res.outcome(Outcome.KO)
                          .reason(FailureReason.CONNECTION_FAILED)
                          .message("Connection refused"))
              .build());
    }
    String line = StepLine.of(StepStatsCalculator.of(failed).get(0));

    assertThat(line)
        .as("no TTFB, no gap: the undefined mark, never 0")
        .contains("TTFB p50/p95 — · gap p50/p95 —")
        .endsWith("errors 100 % (3 of 3)");
  }

  @Test
  void theWarmUpLineCountsItsRequestsAndSaysTheyAreLeftOut() {
    assertThat(StepLine.warmup("warm-up · 1 rps", 2, 0))
        .isEqualTo(
            "ttft-gap: warm-up · 1 rps done · 2 requests, 0 failed (left out of the statistics)");
  }
}
