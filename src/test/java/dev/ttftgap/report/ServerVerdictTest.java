package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import org.junit.jupiter.api.Test;

/** The hockey-stick run's knee is at step 7; the server's waiting is set per step. */
class ServerVerdictTest {

  @Test
  void aQueueThatGrowsAtTheKneeSaysTheKneeIsQueueing() {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    assertThat(ServerVerdict.of(report))
        .as("cross-check of the knee")
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .startsWith("The server's (vllm) queue first grows at step 7")
                    .contains("mean waiting 0 at step 1 → 3.2")
                    .contains("the knee (step 7) is queueing, not prefill")
                    .contains("mean prefill 15 → 15 ms"));
    assertThat(VerdictSentences.of(report))
        .as("the sentence follows the knee's")
        .anyMatch(s -> s.startsWith("The server's (vllm) queue first grows at step 7"));
  }

  @Test
  void preemptionsAreNamedFromTheFirstStepThatHasThem() {
    // the fixture preempts 4 sequences in each step whose mean waiting is 9 or more (step 8 on)
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    assertThat(ServerVerdict.of(report))
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains("From step 8")
                    .contains("the server preempts (4 sequences")
                    .contains("its KV cache is full"));
    assertThat(ServerVerdict.of(ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2)))
        .as("no preemption, no word of it")
        .hasValueSatisfying(s -> assertThat(s).doesNotContain("preempts"));
  }

  @Test
  void aQueueThatNeverGrowsSaysTheKneeIsNotQueueingAtTheServer() {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0, 0, 0, 0.2, 0.5, 0.6);

    assertThat(ServerVerdict.of(report))
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains("never grew (mean waiting at most 0.6)")
                    .contains("the knee at step 7 is not queueing at the server"));
  }

  @Test
  void aQueueThatGrowsAfterTheKneeSaysTheGapGrewFirst() {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0, 0, 0, 0.2, 0.5, 4);

    assertThat(ServerVerdict.of(report))
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains("first grows at step 9")
                    .contains("after the knee (step 7)")
                    .contains("the queue came later"));
  }

  @Test
  void aRunWithoutScrapesHasNoServerSentence() {
    assertThat(ServerVerdict.of(Synthetic.hockeyStick(false))).isEmpty();
  }
}
