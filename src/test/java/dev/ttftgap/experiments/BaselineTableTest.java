package dev.ttftgap.experiments;

import static dev.ttftgap.experiments.Records.httpFailure;
import static dev.ttftgap.experiments.Records.ok;
import static dev.ttftgap.experiments.Records.warmup;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BaselineTableTest {
  /**
   * small-model: warm-up round 400/900 ms, then TTFB 180 ms and TTFT 320, 310, 330, 340 ms → gaps
   * 140, 130, 150, 160 → p50 145, p95 158.5. big-model: TTFB 200, gaps 150, 160, 170, 900 → p50
   * 165, p95 790.5 (unstable). One 401 each after warm-up.
   */
  private static List<RequestRecord> records() {
    List<RequestRecord> records = new ArrayList<>();
    records.add(warmup("small-model", "baseline", 0, 100, 9_000));
    records.add(ok("small-model", "baseline", 1_000, 400, 900));
    long[] smallTtft = {320, 310, 330, 340};
    for (int i = 0; i < smallTtft.length; i++) {
      records.add(ok("small-model", "baseline", 2_000 + i * 1_000, 180, smallTtft[i]));
    }
    records.add(httpFailure("small-model", "baseline", 6_500, 401));
    records.add(ok("big-model", "baseline", 10_000, 500, 1_500));
    long[] bigGap = {150, 160, 170, 900};
    for (int i = 0; i < bigGap.length; i++) {
      records.add(ok("big-model", "baseline", 11_000 + i * 1_000, 200, 200 + bigGap[i]));
    }
    records.add(httpFailure("big-model", "baseline", 16_000, 401));
    return records;
  }

  @Test
  void mediansAndP95PerModelAfterDroppingTheFirstRound() {
    BaselineTable table = BaselineTable.of(records(), ExperimentSamples.DEFAULT_WARMUP_ROUNDS);

    BaselineTable.Row small = table.rows().get(0);
    assertThat(small.model()).isEqualTo("small-model");
    assertThat(small.stats().samples()).as("4 rounds after the warm-up, 401 excluded").isEqualTo(4);
    assertThat(small.stats().ttfbP50Millis()).hasValue(180.0);
    assertThat(small.stats().ttftP50Millis()).hasValue(325.0);
    assertThat(small.stats().gapP50Millis()).hasValue(145.0);
    assertThat(small.stats().gapP95Millis()).hasValue(158.5);
    assertThat(small.verdict()).hasValue("normal (100–300 ms)");
    BaselineTable.Row big = table.rows().get(1);
    assertThat(big.stats().gapP50Millis()).hasValue(165.0);
    assertThat(big.stats().gapP95Millis()).hasValue(790.5);
  }

  @Test
  void stabilityLineCallsP95AboveTwiceP50Unstable() {
    BaselineTable table = BaselineTable.of(records(), ExperimentSamples.DEFAULT_WARMUP_ROUNDS);

    assertThat(BaselineTable.stabilityLine(table.rows().get(0).stats()))
        .hasValue("P50 vs P95 over 4 rounds: gap p50 145 ms, p95 159 ms → stable");
    assertThat(BaselineTable.stabilityLine(table.rows().get(1).stats()))
        .hasValue(
            "P50 vs P95 over 4 rounds: gap p50 165 ms, p95 791 ms → unstable (p95 > 2× p50 points"
                + " at server load)");
  }

  @Test
  void textHasTheSeedsColumnsTheStabilityLinesAndTheFailureFooter() {
    String text = BaselineTable.of(records(), ExperimentSamples.DEFAULT_WARMUP_ROUNDS).toText();

    assertThat(text)
        .startsWith(
            "model       | rounds | TTFB p50 | TTFT p50 | gap p50 | TTFB p95 | TTFT p95 | gap p95 |"
                + " verdict\n")
        .contains(
            "small-model |      4 |   180 ms |   325 ms |  145 ms |   180 ms |   339 ms |  159 ms |"
                + " normal (100–300 ms)\n")
        .contains("big-model: P50 vs P95 over 4 rounds")
        .contains("first round of each model dropped as warm-up")
        .endsWith("2 failed samples discarded: 401 ×2\n");
  }

  @Test
  void markdownIsATableWithNotesAsBullets() {
    String markdown =
        BaselineTable.of(records(), ExperimentSamples.DEFAULT_WARMUP_ROUNDS).toMarkdown();

    assertThat(markdown)
        .startsWith("| model | rounds | TTFB p50 |")
        .contains("| --- | ---: |")
        .contains("| small-model | 4 | 180 ms | 325 ms | 145 ms |")
        .contains("- 2 failed samples discarded: 401 ×2");
  }

  @Test
  void warmupRoundsIsAParameter() {
    BaselineTable kept = BaselineTable.of(records(), 0);

    assertThat(kept.rows().get(0).stats().samples())
        .as("with no warm-up drop the slow first round counts")
        .isEqualTo(5);
    assertThat(kept.rows().get(0).stats().ttfbP95Millis()).hasValue(356.0);
  }

  @Test
  void modelWithOnlyFailuresHasUndefinedFiguresNotZeros() {
    List<RequestRecord> records =
        List.of(
            ok("m", "b", 0, 10, 20), httpFailure("m", "b", 1, 401), httpFailure("m", "b", 2, 401));

    BaselineTable table = BaselineTable.of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS);

    assertThat(table.rows().get(0).stats().ttftP50Millis()).isEmpty();
    assertThat(table.rows().get(0).verdict()).isEmpty();
    assertThat(table.toText()).contains("m     |      0 |        — |");
  }
}
