package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

class WorkloadTablesTest {

  @Test
  void answersEndingBeforeMaxTokensAreNamedWithTheWayToForceTheLength() {
    // 3 of every 4 answers end at 40 tokens, the fourth runs to max_tokens = 64
    CapacityReport report = report(i -> i % 4 == 3 ? 64 : 40);

    String sentence = WorkloadTables.outputsSentence(report);

    assertThat(sentence)
        .as("75 %% short, mean (3 × 40 + 64) / 4 = 46 of 64")
        .startsWith(
            "Outputs: 75 % of answers ended before max_tokens (mean 46 tokens received of 64")
        .contains("request.forceOutputLength");
    assertThat(WorkloadTables.sentences(report))
        .as("after the prompts sentence")
        .startsWith("Prompts: distinct")
        .endsWith(sentence);
  }

  @Test
  void answersThatRunToMaxTokensNeedNoSentence() {
    CapacityReport full = report(i -> 64);
    CapacityReport fewShort = report(i -> i % 40 == 0 ? 50 : 64);

    assertThat(WorkloadTables.outputsSentence(full)).as("every answer full").isEmpty();
    assertThat(WorkloadTables.outputsSentence(fewShort))
        .as("2.5 %% short: under the 5 %% worth saying")
        .isEmpty();
  }

  /** Two steps of 40 ok requests asking 64 tokens; request i receives {@code received(i)}. */
  private static CapacityReport report(IntUnaryOperator received) {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      int step = 1 + i / 40;
      records.add(
          TestRecords.builder()
              .userId(i)
              .step(step)
              .stepLabel("step " + step + " · " + step + " rps")
              .offeredRate((double) step)
              .startEpochMillis(1_764_470_000_000L + 250L * i)
              .ttfbMillis(10L)
              .ttftMillis(30L)
              .gapMillis(20L)
              .e2eMillis(700L)
              .httpStatus(200)
              .prompts("distinct")
              .sharedPrefixTokens(0)
              .promptTokens(100)
              .maxTokens(64)
              .outputTokens(received.applyAsInt(i))
              .build());
    }
    return CapacityAnalysis.analyze(
        records, List.of("lengths/records.jsonl"), CapacityOptions.defaults(), null);
  }
}
