package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ttftgap.analysis.KindRecords.Turns;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link StepStatsCalculator}'s first tokens by kind ({@link FirstTokens}) on synthetic turns. */
class FirstTokensTest {

  @Test
  void aPlainChatStepHasOnlyTheAnswerTokenWhichIsTtft() {
    StepStats step = StepStatsCalculator.of(KindRecords.run(1, Turns.CHAT)).get(0);

    FirstTokens tokens = step.firstTokens();
    assertThat(tokens.ttfvt()).isNotNull();
    assertThat(tokens.ttfvt().p95Millis())
        .isCloseTo(step.latencies().ttft().p95Millis(), within(1.0));
    assertThat(tokens.ttfr()).as("no reasoning: undefined, not 0").isNull();
    assertThat(tokens.ttftc()).as("no tool call: undefined, not 0").isNull();
    assertThat(tokens.toolCallRequests()).isZero();
    assertThat(tokens.reasoningRequests()).isZero();
    assertThat(tokens.beyondContent()).isFalse();
  }

  @Test
  void reasoningTurnsCarryBothKindsTheAnswerLaterThanTtft() {
    StepStats step = StepStatsCalculator.of(KindRecords.run(2, Turns.REASONING)).get(0);

    FirstTokens tokens = step.firstTokens();
    assertThat(tokens.reasoningRequests()).isEqualTo(20);
    assertThat(tokens.ttfr().count()).isEqualTo(20);
    assertThat(tokens.ttfr().p95Millis())
        .isCloseTo(step.latencies().ttft().p95Millis(), within(1.0));
    assertThat(tokens.ttfvt().p95Millis() - tokens.ttfr().p95Millis())
        .isCloseTo(KindRecords.REASONING_MILLIS, within(2.0));
    assertThat(tokens.ttftc()).isNull();
    assertThat(tokens.beyondContent()).isTrue();
  }

  @Test
  void toolCallTurnsAreSuccessesWithoutAnAnswerToken() {
    StepStats step = StepStatsCalculator.of(KindRecords.run(3, Turns.TOOL_CALLS)).get(0);

    assertThat(step.counts().okRequests()).isEqualTo(20);
    FirstTokens tokens = step.firstTokens();
    assertThat(tokens.toolCallRequests()).isEqualTo(20);
    assertThat(tokens.ttftc().count()).isEqualTo(20);
    assertThat(tokens.ttfvt()).as("no content at all: undefined").isNull();
    assertThat(tokens.ttfr()).isNull();
  }

  @Test
  void aMixedStepCountsEachKindOverItsOwnRequestsAndStepsKeepTheirOwn() {
    List<StepStats> steps =
        StepStatsCalculator.of(KindRecords.run(4, Turns.CHAT, Turns.MIXED, Turns.TOOL_CALLS));

    FirstTokens mixed = steps.get(1).firstTokens();
    assertThat(mixed.toolCallRequests()).isEqualTo(10);
    assertThat(mixed.reasoningRequests()).isEqualTo(10);
    assertThat(mixed.ttftc().count()).isEqualTo(10);
    assertThat(mixed.ttfr().count()).isEqualTo(10);
    assertThat(mixed.ttfvt().count()).as("only the reasoning turns answered").isEqualTo(10);
    assertThat(steps.get(0).firstTokens().ttftc()).isNull();
    assertThat(steps.get(2).firstTokens().ttfvt()).isNull();
    assertThat(steps.get(2).firstTokens().ttftc().p50Millis())
        .as("TTFT grows by step")
        .isGreaterThan(mixed.ttftc().p50Millis());
  }

  @Test
  void goodputCountsARequestLateOnlyOnAKindItProduced() {
    // step 1 mixed: tool calls at ≈ 310 ms, reasoning turns answer at ≈ 1310 ms
    List<dev.ttftgap.record.RequestRecord> records = KindRecords.run(5, Turns.MIXED);
    CapacityOptions answerBy1s =
        CapacityOptions.none()
            .withSlo(
                Slo.NONE.withKindLimits(
                    java.util.Optional.of(1000.0),
                    java.util.Optional.empty(),
                    java.util.Optional.empty()));

    StepStats all =
        StepGoodput.of(StepStatsCalculator.of(records), records, CapacityOptions.none()).get(0);
    StepStats limited = StepGoodput.of(StepStatsCalculator.of(records), records, answerBy1s).get(0);

    assertThat(limited.rates().goodputPerSec())
        .as("the tool-call half has no answer token to be late; the reasoning half answers late")
        .isCloseTo(all.rates().goodputPerSec() / 2, within(1e-9));
  }

  @Test
  void recordsOfOlderRunsWithoutKindsGiveNoFirstTokens() {
    List<StepStats> steps = StepStatsCalculator.of(SyntheticRuns.flat());

    assertThat(steps).allSatisfy(s -> assertThat(s.firstTokens().beyondContent()).isFalse());
  }
}
