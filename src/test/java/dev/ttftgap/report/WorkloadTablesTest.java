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

  @Test
  void askedAndServedPromptLengthsGetAColumnAndASentenceWhenTheServerCountedThem() {
    CapacityReport report = report(i -> 64, 100, 130);

    assertThat(WorkloadTables.lengthsHeader(report))
        .as("the column after the prompt tokens")
        .containsSequence("prompt tokens mean/p50", "prompt asked / served");
    assertThat(WorkloadTables.lengthRows(report).get(0).get(3))
        .as("step 1: 100 asked, 130 served")
        .isEqualTo("100 / 130 (+30 %)");
    assertThat(WorkloadTables.promptLengthsSentence(report))
        .as("30 %% off: says the prompts were not the asked length and how to fix it")
        .startsWith(
            "Prompt lengths: asked 100 tokens per request on average, the server counted 130")
        .contains("+30 %", "-Dprompt.calibration=auto");
    assertThat(CapacityConsole.render(report))
        .as("the console shows the column")
        .contains("prompt asked / served");
  }

  @Test
  void calibratedPromptsGetAPlainSentence() {
    CapacityReport report = report(i -> 64, 100, 101);

    assertThat(WorkloadTables.promptLengthsSentence(report))
        .as("within the tolerance")
        .isEqualTo(
            "Prompt lengths: asked 100 tokens per request on average, the server counted 101"
                + " (usage.prompt_tokens, its tokenizer and chat template).");
  }

  @Test
  void recordsWithoutServedCountsKeepTheTableAsItWas() {
    CapacityReport report = report(i -> 64);

    assertThat(WorkloadTables.lengthsHeader(report))
        .as("no column")
        .isEqualTo(WorkloadTables.LENGTHS_HEADER);
    assertThat(WorkloadTables.promptLengthsSentence(report)).as("no sentence").isEmpty();
    assertThat(CapacityJson.render(report))
        .as("capacity.json's layout unchanged for such records")
        .doesNotContain("askedPromptTokensMean", "servedPromptTokensMean");
  }

  @Test
  void capacityJsonCarriesAskedAndServedWhenCounted() {
    assertThat(CapacityJson.render(report(i -> 64, 100, 130)))
        .contains(
            "\"askedPromptTokensMean\" : 100.0",
            "\"servedPromptTokensMean\" : 130.0",
            "\"servedVsAskedPercent\" : 30.0");
  }

  private static CapacityReport report(IntUnaryOperator received) {
    return report(received, null, null);
  }

  /** Two steps of 40 ok requests asking 64 tokens; request i receives {@code received(i)}. */
  private static CapacityReport report(IntUnaryOperator received, Integer asked, Integer served) {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      int step = 1 + i / 40;
      int n = i;
      records.add(
          TestRecords.builder()
              .identity(id -> id.userId(n))
              .level(
                  lv ->
                      lv.step(step)
                          .stepLabel("step " + step + " · " + step + " rps")
                          .offeredRate((double) step))
              .timings(
                  t ->
                      t.startEpochMillis(1_764_470_000_000L + 250L * n)
                          .ttfbMillis(10L)
                          .ttftMillis(30L)
                          .gapMillis(20L)
                          .e2eMillis(700L))
              .result(res -> res.httpStatus(200))
              .input(
                  in ->
                      in.prompts("distinct")
                          .sharedPrefixTokens(0)
                          .promptTokens(100)
                          .maxTokens(64)
                          .askedPromptTokens(asked)
                          .servedPromptTokens(served))
              .output(o -> o.outputTokens(received.applyAsInt(n)))
              .build());
    }
    return CapacityAnalysis.analyze(
        records, List.of("lengths/records.jsonl"), CapacityOptions.defaults(), null);
  }
}
