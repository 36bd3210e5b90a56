package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.KindRecords.Turns;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link SloEvaluator} with limits on the first token of a kind ({@link KindLimits}). */
class KindLimitsTest {
  private static CapacityOptions kindLimits(Double ttfvt, Double ttfr, Double ttftc) {
    return CapacityOptions.none()
        .withSlo(
            Slo.limits(Optional.empty(), Optional.empty(), Optional.empty())
                .withKindLimits(
                    Optional.ofNullable(ttfvt),
                    Optional.ofNullable(ttfr),
                    Optional.ofNullable(ttftc)));
  }

  private static List<StepStats> steps(Turns... turns) {
    return StepStatsCalculator.of(KindRecords.run(7, turns));
  }

  @Test
  void aStepFailsWhenItsAnswerTokenP95BreaksTheTtfvtLimitThoughTtftPasses() {
    // reasoning turns: TTFT ≈ 310, 510, 710 ms; the answer 1 s later (≈ 1310, 1510, 1710 ms)
    List<StepStats> steps = steps(Turns.REASONING, Turns.REASONING, Turns.REASONING);
    CapacityOptions options = kindLimits(1400.0, null, null);

    assertThat(SloEvaluator.violations(steps.get(0), options)).isEmpty();
    assertThat(SloEvaluator.violations(steps.get(1), options)).containsExactly("ttfvt_p95");
    SloVerdict verdict = SloEvaluator.evaluate(steps, options);
    assertThat(verdict.lastPassingStep()).isEqualTo(1);
    assertThat(verdict.firstFailingStep()).isEqualTo(2);
    assertThat(verdict.limitingMetric()).isEqualTo("ttfvt_p95");
    assertThat(verdict.maxSustainableRate()).isBetween(1.0, 2.0);
  }

  @Test
  void aStepWithoutToolCallsIsNotJudgedOnTheToolCallLimit() {
    List<StepStats> steps = steps(Turns.CHAT, Turns.CHAT, Turns.TOOL_CALLS);
    CapacityOptions options = kindLimits(null, null, 600.0);

    assertThat(SloEvaluator.violations(steps.get(0), options)).isEmpty();
    assertThat(KindLimits.unjudged(steps.get(0), options.slo())).containsExactly("ttftc_p95");
    assertThat(SloEvaluator.violations(steps.get(2), options)).containsExactly("ttftc_p95");
    assertThat(KindLimits.unjudged(steps.get(2), options.slo())).isEmpty();
    SloVerdict verdict = SloEvaluator.evaluate(steps, options);
    assertThat(verdict.firstFailingStep()).isEqualTo(3);
    assertThat(verdict.limitingMetric()).isEqualTo("ttftc_p95");
  }

  @Test
  void eachKindLimitBindsOnItsOwnKindOnly() {
    List<StepStats> steps = steps(Turns.MIXED);
    StepStats step = steps.get(0);

    // step 1: TTFT ≈ 300 ms for both kinds, answers of the reasoning turns ≈ 1300 ms
    assertThat(SloEvaluator.violations(step, kindLimits(null, 250.0, null)))
        .containsExactly("ttfr_p95");
    assertThat(SloEvaluator.violations(step, kindLimits(null, null, 250.0)))
        .containsExactly("ttftc_p95");
    assertThat(SloEvaluator.violations(step, kindLimits(1000.0, 1000.0, 1000.0)))
        .containsExactly("ttfvt_p95");
    assertThat(SloEvaluator.violations(step, kindLimits(2000.0, 1000.0, 1000.0))).isEmpty();
  }

  @Test
  void theSloKeepsItsShapeWithoutKindLimits() {
    Slo plain = Slo.of(2000, 1000, 1);

    assertThat(plain.hasKindLimit()).isFalse();
    assertThat(plain.withKindLimits(Optional.of(500.0), Optional.empty(), Optional.empty()))
        .satisfies(s -> assertThat(s.hasKindLimit()).isTrue())
        .satisfies(s -> assertThat(s.ttftP95Millis()).contains(2000.0));
    assertThat(
            Slo.NONE.or(plain.withKindLimits(Optional.empty(), Optional.of(9.0), Optional.empty())))
        .satisfies(s -> assertThat(s.ttfrP95Millis()).contains(9.0));
  }
}
