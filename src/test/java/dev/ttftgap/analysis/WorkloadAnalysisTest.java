package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadAnalysisTest {
  private static RequestRecordBuilder request(int step, int prompt, int asked, Integer received) {
    return TestRecords.builder()
        .level(lv -> lv.step(step).stepLabel("step " + step))
        .input(
            in ->
                in.promptTokens(prompt).maxTokens(asked).prompts("distinct").sharedPrefixTokens(0))
        .output(o -> o.outputTokens(received));
  }

  @Test
  void perStepItGivesTheLengthsAskedForAndReceivedAndTheShareThatStoppedShort() {
    List<RequestRecord> records =
        List.of(
            request(1, 100, 64, 64).build(),
            request(1, 200, 64, 32).build(),
            request(1, 300, 64, 64).build(),
            request(1, 400, 128, null).result(res -> res.outcome(Outcome.KO)).build(),
            request(2, 1000, 10, 10).build(),
            request(0, 5, 5, 5).level(lv -> lv.phase(RequestPhase.WARMUP)).build());

    SentWorkload workload = WorkloadAnalysis.of(records);

    assertThat(workload.steps()).as("steps, warm-up left out").hasSize(2);
    SentWorkload.StepLengths one = workload.steps().get(0);
    assertThat(one.requests()).as("requests of step 1").isEqualTo(4);
    assertThat(one.promptTokensMean()).as("prompt mean").isEqualTo(250.0);
    assertThat(one.promptTokensP50()).as("prompt median (lower)").isEqualTo(200);
    assertThat(one.maxTokensMean()).as("max_tokens mean").isEqualTo(80.0);
    assertThat(one.outputTokensMean())
        .as("output mean of ok requests")
        .isCloseTo(53.33, org.assertj.core.api.Assertions.within(0.01));
    assertThat(one.outputTokensP50()).as("output median").isEqualTo(64);
    assertThat(one.shortOutputPercent())
        .as("1 of 3 ok requests stopped short")
        .isCloseTo(33.33, org.assertj.core.api.Assertions.within(0.01));
    assertThat(workload.prompts()).as("prompt modes").containsExactly("distinct");
    assertThat(workload.sharedPrefixTokens()).as("shared prefix").isZero();
    assertThat(workload.repeatedPrompts()).as("repeated?").isFalse();
    assertThat(workload.turns()).as("no conversations").isEmpty();
  }

  @Test
  void askedAndServedPromptLengthsAreComparedOverTheRequestsTheServerCounted() {
    List<RequestRecord> records =
        List.of(
            request(1, 130, 64, 64)
                .input(in -> in.askedPromptTokens(100).servedPromptTokens(130))
                .build(),
            request(1, 150, 64, 64)
                .input(in -> in.askedPromptTokens(120).servedPromptTokens(150))
                .build(),
            // no usage: left out of both means, so they compare the same requests
            request(1, 500, 64, null)
                .input(in -> in.askedPromptTokens(500))
                .result(res -> res.outcome(Outcome.KO))
                .build(),
            request(2, 100, 64, 64).build());

    SentWorkload workload = WorkloadAnalysis.of(records);

    SentWorkload.StepLengths one = workload.steps().get(0);
    assertThat(one.askedPromptTokensMean()).as("asked, counted requests").isEqualTo(110.0);
    assertThat(one.servedPromptTokensMean()).as("served").isEqualTo(140.0);
    assertThat(one.servedVsAskedPercent())
        .as("140 / 110 − 1")
        .isCloseTo(27.27, org.assertj.core.api.Assertions.within(0.01));
    SentWorkload.StepLengths two = workload.steps().get(1);
    assertThat(two.askedPromptTokensMean()).as("older records: undefined").isNull();
    assertThat(two.servedVsAskedPercent()).as("undefined, never 0").isNull();
  }

  @Test
  void perTurnItGivesTheTtftOfTheOkRequests() {
    List<RequestRecord> records = new ArrayList<>();
    for (int c = 0; c < 5; c++) {
      int n = c;
      records.add(
          request(1, 100, 64, 64)
              .input(in -> in.conversationId("n" + n).turn(1))
              .timings(t -> t.ttftMillis(300L))
              .build());
      records.add(
          request(1, 400, 64, 64)
              .input(in -> in.conversationId("n" + n).turn(2))
              .timings(t -> t.ttftMillis(40L))
              .build());
    }
    records.add(
        request(1, 400, 64, null)
            .input(in -> in.conversationId("c9").turn(2))
            .result(res -> res.outcome(Outcome.KO))
            .build());

    SentWorkload workload = WorkloadAnalysis.of(records);

    assertThat(workload.turns())
        .extracting(SentWorkload.TurnLatency::turn)
        .as("turns")
        .containsExactly(1, 2);
    SentWorkload.TurnLatency second = workload.turns().get(1);
    assertThat(second.requests()).as("requests of turn 2").isEqualTo(6);
    assertThat(second.okRequests()).as("ok of turn 2").isEqualTo(5);
    assertThat(second.ttft().p50Millis())
        .as("TTFT p50 of turn 2")
        .isCloseTo(40.0, org.assertj.core.api.Assertions.within(0.1));
    assertThat(workload.turns().get(0).ttft().p50Millis())
        .as("TTFT p50 of turn 1")
        .isCloseTo(300.0, org.assertj.core.api.Assertions.within(0.5));
  }

  @Test
  void recordsOfOlderRunsSayNothingOfTheirPrompts() {
    SentWorkload workload =
        WorkloadAnalysis.of(List.of(TestRecords.builder().level(lv -> lv.stepLabel("s")).build()));

    assertThat(workload.prompts()).as("modes").isEmpty();
    assertThat(workload.sharedPrefixTokens()).as("shared prefix").isNull();
    assertThat(workload.steps().get(0).promptTokensMean()).as("no lengths").isNull();
    assertThat(workload.steps().get(0).shortOutputPercent()).as("no lengths").isNull();
  }
}
