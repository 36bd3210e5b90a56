package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ServerStepMetrics;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Three steps of 20 requests; steps 2 and 3 pause every other request for 2.4 s. */
class StallSentenceTest {

  @Test
  void aPreemptionCounterThatRoseInTheStalledStepsSaysPreemption() {
    assertThat(stalledSentence(step(1, 0.0), step(2, 3.0), step(3, 5.0)))
        .as("a counter that rose in the stalled steps")
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .startsWith("Stalls: from step 2 (2 rps) 50 % of requests paused mid-stream")
                    .contains(
                        "the server preempted running sequences (its preemption counter"
                            + " vllm:num_preemptions_total rose by 8 in steps 2–3)")
                    .doesNotContain("cannot tell"));
  }

  @Test
  void aPreemptionCounterReadFlatRulesPreemptionOutAndNamesPrefillInterference() {
    assertThat(stalledSentence(step(1, 0.0), step(2, 0.0), step(3, 0.0)))
        .as("a counter read flat")
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains(
                        "not preemption: the server's preemption counter"
                            + " vllm:num_preemptions_total was read in steps 2–3 and stayed flat")
                    .contains(
                        "prefill of newly admitted requests interleaved with the running decodes")
                    .doesNotContain("preempted running sequences")
                    .doesNotContain("KV cache is full"));
  }

  @Test
  void withoutTheCounterBothCausesAreListedAsPossible() {
    assertThat(StallSentence.of(Synthetic.stalledRun(2)))
        .as("no /metrics scraped")
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains("two causes fit, and this run cannot tell them apart: preemption")
                    .contains("the run scraped no /metrics")
                    .contains("or prefill of newly admitted requests")
                    .doesNotContain("the server preempted"));
  }

  @Test
  void aCounterInTheDarkIsNotReadAsFlat() {
    assertThat(stalledSentence(step(1, 0.0), step(2, 0.0), ServerViews.darkStep(3)))
        .as("a counter flat in step 2, dark in step 3")
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains("two causes fit")
                    .contains("its metrics were dark in step 3; it stayed flat in step 2")
                    .doesNotContain("not preemption"));
  }

  @Test
  void stallsAsCommonAtLowLoadAsLaterSayNothing() {
    assertThat(StallSentence.of(Synthetic.flat())).as("no stall counts").isEmpty();
  }

  /** The stall sentence of the stalled run (steps 2 and 3 pause) with these server steps. */
  private static Optional<String> stalledSentence(ServerStepMetrics... steps) {
    return StallSentence.of(withPreemptions(Synthetic.stalledRun(2), steps));
  }

  private static ServerStepMetrics step(int step, Double preemptions) {
    return ServerViews.litStep(step, 0, preemptions);
  }

  private static CapacityReport withPreemptions(CapacityReport report, ServerStepMetrics... steps) {
    return ServerViews.withSteps(report, List.of(steps));
  }
}
