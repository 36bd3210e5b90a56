package dev.ttftgap.experiments;

import static dev.ttftgap.experiments.Records.failure;
import static dev.ttftgap.experiments.Records.httpFailure;
import static dev.ttftgap.experiments.Records.ok;
import static dev.ttftgap.experiments.Records.warmup;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RequestRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExperimentSamplesTest {
  @Test
  void dropsTheEarliestRoundsPerGroupWhateverTheirOutcomeAndCountsLaterFailures() {
    List<RequestRecord> records =
        List.of(
            ok("b", "s", 2_000, 10, 20),
            ok("a", "s", 1_500, 10, 21),
            httpFailure("a", "s", 1_000, 401),
            warmup("a", "s", 500, 10, 5_000),
            ok("a", "s", 2_500, 10, 22),
            httpFailure("a", "s", 3_000, 401),
            failure("b", "s", 3_500, FailureReason.NO_CONTENT),
            ok("b", "s", 4_000, 10, 23),
            httpFailure("b", "s", 4_500, 429));

    ExperimentSamples samples = ExperimentSamples.of(records, r -> r.input().model(), 1);

    assertThat(samples.groups().keySet()).as("first-appearance order").containsExactly("b", "a");
    assertThat(samples.groups().get("a"))
        .as("a's earliest round (the 401 at 1000) is the warm-up; phase warmup is ignored")
        .extracting(r -> r.timings().ttftMillis())
        .containsExactly(21L, 22L);
    assertThat(samples.groups().get("b"))
        .extracting(r -> r.timings().ttftMillis())
        .containsExactly(23L);
    assertThat(samples.failureFooter())
        .isEqualTo("3 failed samples discarded: 401 ×1, 429 ×1, no_content ×1");
  }

  @Test
  void noWarmupDropKeepsEveryRoundAndNoFailureMeansNoFooter() {
    List<RequestRecord> records = List.of(ok("a", "s", 1, 10, 20), ok("a", "s", 2, 10, 30));

    ExperimentSamples samples = ExperimentSamples.of(records, r -> r.input().model(), 0);

    assertThat(samples.groups().get("a")).hasSize(2);
    assertThat(samples.failureFooter()).as("nothing discarded, nothing said").isEmpty();
    assertThat(samples.warmupNote("model")).isEqualTo("no warm-up round dropped");
  }

  @Test
  void singleFailureIsSingular() {
    List<RequestRecord> records = List.of(ok("a", "s", 1, 10, 20), httpFailure("a", "s", 2, 401));

    assertThat(ExperimentSamples.of(records, r -> r.input().model(), 1).failureFooter())
        .isEqualTo("1 failed sample discarded: 401 ×1");
  }

  @Test
  void rowsComeOnePerGroupInGroupOrderWithTheGroupsMedians() {
    List<RequestRecord> records =
        List.of(ok("b", "s", 1, 10, 30), ok("a", "s", 2, 10, 20), ok("b", "s", 3, 10, 40));

    List<String> rows =
        ExperimentSamples.of(records, r -> r.input().model(), 0)
            .rows((group, stats) -> group + " " + stats.ttftP50Millis().orElseThrow());

    assertThat(rows)
        .as("b first (first to appear), TTFT median of 30 and 40 ms")
        .containsExactly("b 35.0", "a 20.0");
  }

  @Test
  void closingNotesAreTheWarmupNoteThenTheFailureFooterIfAnyFailed() {
    List<RequestRecord> records = List.of(ok("a", "s", 1, 10, 20), httpFailure("a", "s", 2, 401));

    assertThat(ExperimentSamples.of(records, r -> r.input().model(), 0).closingNotes("model"))
        .containsExactly("no warm-up round dropped", "1 failed sample discarded: 401 ×1");
    assertThat(
            ExperimentSamples.of(records.subList(0, 1), r -> r.input().model(), 1)
                .closingNotes("model"))
        .as("no failure, no footer")
        .containsExactly("first round of each model dropped as warm-up");
  }
}
