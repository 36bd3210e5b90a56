package dev.ttftgap.experiments;

import static dev.ttftgap.experiments.Records.httpFailure;
import static dev.ttftgap.experiments.Records.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromptLengthTableTest {
  private static final String SHORT = "short prompt (20 chars)";
  private static final String LONG = "long prompt (2000 chars)";

  private static List<RequestRecord> rounds(
      String label, long start, long ttfb, long ttft, int promptTokens) {
    List<RequestRecord> records = new ArrayList<>();
    records.add(ok("m", label, start, ttfb + 150, ttft + 400, promptTokens)); // warm-up
    for (int i = 1; i <= 4; i++) {
      records.add(ok("m", label, start + i, ttfb, ttft, promptTokens));
    }
    return records;
  }

  @Test
  void flatTtfbAndGrowingGapMeanPrefillDominates() {
    List<RequestRecord> records = new ArrayList<>(rounds(SHORT, 0, 180, 320, 12));
    records.addAll(rounds(LONG, 100, 182, 610, 1_210));
    records.add(httpFailure("m", LONG, 200, 401));

    PromptLengthTable table =
        PromptLengthTable.of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS);

    assertThat(table.verdict())
        .hasValue(
            LONG
                + " vs "
                + SHORT
                + ": TTFB flat (+1%), TTFT +290 ms, gap +288 ms: prefill dominates the gap");
    assertThat(table.toText())
        .contains(
            "long prompt (2000 chars) |       4 |          1210 |   182 ms |   610 ms |  428 ms |"
                + "       +290 ms |      +288 ms\n")
        .endsWith("1 failed sample discarded: 401 ×1\n");
  }

  @Test
  void growingTtfbWithFlatGapMeansHeadersHeldUntilTheFirstToken() {
    List<RequestRecord> records = new ArrayList<>(rounds("500 tokens", 0, 300, 305, 500));
    records.addAll(rounds("2000 tokens", 100, 600, 606, 2_000));

    assertThat(PromptLengthTable.of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS).verdict())
        .hasValue(
            "2000 tokens vs 500 tokens: TTFB +300 ms (+100%), TTFT +301 ms, gap +1 ms: the longer"
                + " prompt shows in TTFB, not in the gap: the server holds its headers until the"
                + " first token (or the upload is slow)");
  }

  @Test
  void bothFlatMeansNoMeasurablePrefillCost() {
    List<RequestRecord> records = new ArrayList<>(rounds(SHORT, 0, 180, 320, 12));
    records.addAll(rounds(LONG, 100, 181, 322, 1_210));

    assertThat(
            PromptLengthTable.of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS)
                .verdict()
                .orElseThrow())
        .endsWith(
            "TTFB flat (+1%), TTFT +2 ms, gap +1 ms: no measurable prefill cost (prefix cache"
                + " hit, or prompts too close in length)");
  }

  @Test
  void loopbackTtfbOfAFewMillisecondsIsFlatInMillisecondsNotPercent() {
    List<RequestRecord> records = new ArrayList<>(rounds(SHORT, 0, 2, 15, 7));
    records.addAll(rounds("2000 tokens", 100, 4, 311, 2_000));

    assertThat(
            PromptLengthTable.of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS)
                .verdict()
                .orElseThrow())
        .isEqualTo(
            "2000 tokens vs "
                + SHORT
                + ": TTFB flat (+2 ms), TTFT +296 ms, gap +294 ms: prefill dominates the gap");
  }

  @Test
  void oneGroupHasNoVerdict() {
    assertThat(
            PromptLengthTable.of(
                    rounds(SHORT, 0, 180, 320, 12), ExperimentSamples.DEFAULT_WARMUP_ROUNDS)
                .verdict())
        .isEmpty();
  }
}
