package dev.ttftgap.experiments;

import static dev.ttftgap.experiments.Records.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelComparisonTableTest {
  /**
   * The source article's figures: 8B TTFTs 312, 299, 305, 322, 300 (median 305), 14B median 403.
   */
  private static List<RequestRecord> records() {
    List<RequestRecord> records = new ArrayList<>();
    long[] small = {700, 312, 299, 305, 322, 300};
    long[] large = {800, 403, 388, 416, 396, 410};
    for (int i = 0; i < small.length; i++) {
      records.add(ok("qwen3-8b-like", "compare", i * 1_000, 200, small[i], 2_000));
    }
    for (int i = 0; i < large.length; i++) {
      records.add(ok("qwen3-14b-like", "compare", 10_000 + i * 1_000, 201, large[i], 2_000));
    }
    return records;
  }

  @Test
  void differenceToTheFirstModelUsesMedians() {
    ModelComparisonTable table =
        ModelComparisonTable.of(records(), ExperimentSamples.DEFAULT_WARMUP_ROUNDS);

    assertThat(table.rows().get(0).stats().ttftP50Millis()).hasValue(305.0);
    assertThat(table.rows().get(1).stats().ttftP50Millis()).hasValue(403.0);
    assertThat(table.differenceLines())
        .containsExactly("qwen3-14b-like is +98 ms TTFT vs qwen3-8b-like (gap +97 ms, TTFB +1 ms)");
  }

  @Test
  void textShowsDifferenceColumnsWithADashForTheReference() {
    String text =
        ModelComparisonTable.of(records(), ExperimentSamples.DEFAULT_WARMUP_ROUNDS).toText();

    assertThat(text)
        .contains("TTFT vs qwen3-8b-like | gap vs qwen3-8b-like\n")
        .contains(
            "qwen3-8b-like  |       5 |          2000 |   200 ms |   305 ms |  105 ms |        "
                + "             — |                    —\n")
        .contains("|                +98 ms |               +97 ms\n");
  }

  @Test
  void fasterModelShowsANegativeDifference() {
    List<RequestRecord> reversed = new ArrayList<>(records().subList(6, 12));
    reversed.addAll(records().subList(0, 6));

    assertThat(
            ModelComparisonTable.of(reversed, ExperimentSamples.DEFAULT_WARMUP_ROUNDS)
                .differenceLines())
        .containsExactly("qwen3-8b-like is −98 ms TTFT vs qwen3-14b-like (gap −97 ms, TTFB −1 ms)");
  }
}
