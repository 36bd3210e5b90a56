package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.servermetrics.AfterRunCheck;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The hockey-stick run's knee is at step 7; the server's waiting is set per step. */
class ServerVerdictTest {
  /**
   * The queue grows at the knee, step 7 (mean waiting 3.2); from step 8 on (9 and more) the fixture
   * preempts.
   */
  private static final double[] GROWS_AT_THE_KNEE = {0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20};

  static Stream<Arguments> queues() {
    return Stream.of(
        Arguments.of(
            "a queue that grows at the knee says the knee is queueing",
            GROWS_AT_THE_KNEE,
            List.of(
                "mean waiting 0 at step 1 → 3.2",
                "the knee (step 7) is queueing, not prefill",
                "mean prefill 15 → 15 ms")),
        Arguments.of(
            "preemptions are named from the first step that has them",
            GROWS_AT_THE_KNEE,
            List.of("From step 8", "the server preempts (4 sequences", "its KV cache is full")),
        Arguments.of(
            "a queue that never grows says the knee is not queueing at the server",
            new double[] {0, 0, 0, 0, 0, 0, 0.2, 0.5, 0.6},
            List.of(
                "never grew (mean waiting at most 0.6)",
                "the knee at step 7 is not queueing at the server (its waiting gauge stayed under 1"
                    + " there)")),
        Arguments.of(
            "a queue that grows after the knee says the gap grew first",
            new double[] {0, 0, 0, 0, 0, 0, 0.2, 0.5, 4},
            List.of(
                "first grows at step 9",
                "after the knee (step 7): the gap first grew while the server's waiting gauge"
                    + " stayed under 1",
                "the queue came later")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("queues")
  void theServerSentenceSaysWhatTheQueueDid(
      String scenario, double[] waitingMeans, List<String> phrases) {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(waitingMeans);

    assertThat(ServerVerdict.of(report))
        .as(scenario)
        .hasValueSatisfying(s -> assertThat(s).contains(phrases));
  }

  @Test
  void aQueueThatGrowsAtTheKneeOpensTheSentenceThatFollowsTheKnees() {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(GROWS_AT_THE_KNEE);

    assertThat(ServerVerdict.of(report))
        .hasValueSatisfying(
            s -> assertThat(s).startsWith("The server's (vllm) queue first grows at step 7"));
    assertThat(VerdictSentences.of(report))
        .as("the sentence follows the knee's")
        .anyMatch(s -> s.startsWith("The server's (vllm) queue first grows at step 7"));
  }

  @Test
  void aRunWithoutPreemptionsHasNoWordOfThem() {
    assertThat(ServerVerdict.of(ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2)))
        .as("no preemption, no word of it")
        .hasValueSatisfying(s -> assertThat(s).doesNotContain("preempts"));
  }

  @Test
  void metricsThatWentDarkAreNeverReadAsAQuietServer() {
    // the llama.cpp run: waiting read 0–0.4 while answered, then /metrics timed out from step 4;
    // the last steps' few readings (waiting 1) are not used
    CapacityReport report = ServerViews.hockeyStickDarkFrom(4, 0, 0, 0.4, 1, 1, 1, 1, 1, 1);

    assertThat(ServerVerdict.of(report))
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .as("what the sentence may and may not say")
                    .contains(
                        "never grew while its metrics answered (mean waiting at most 0.4 over steps 1–3)")
                    .contains("the knee (step 7) fell where the server's metrics went unread")
                    .contains(
                        "The server's /metrics stopped answering at step 4 (8 rps): 54 of 66"
                            + " scrapes timed out from then on, as happens when it shares its"
                            + " worker pool with the load; no server-side figures for steps 4–9")
                    .doesNotContain("first grows")
                    .doesNotContain("the queue came later")
                    .doesNotContain("is not queueing at the server"));
  }

  @Test
  void aQueueSeenOnlyAfterUnreadStepsIsNotSaidToFirstGrowThere() {
    CapacityReport report =
        ServerViews.withSteps(
            Synthetic.hockeyStick(false),
            List.of(
                ServerViews.litStep(1, 0, null),
                ServerViews.darkStep(2),
                ServerViews.litStep(3, 0, null),
                ServerViews.darkStep(4),
                ServerViews.litStep(5, 0, null),
                ServerViews.litStep(6, 0.5, null),
                ServerViews.litStep(7, 2, null)));
    CapacityReport withGrowth = withGrowth(report, 7);

    assertThat(ServerVerdict.of(withGrowth))
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .contains("is first seen grown at step 7")
                    .contains("after steps 2, 4 unread")
                    .contains("no server-side figures for steps 2, 4"));
  }

  @Test
  void workTheRunLeftOnTheServerIsSaidFirstWithTheRunsNotes() {
    AfterRunCheck left = new AfterRunCheck(2, true, "llamacpp", 213.0, 4.0, 1.3, 5.0, 166.9, null);
    CapacityReport report = ServerViews.hockeyStickLeaving(left);

    assertThat(VerdictSentences.of(report).get(0))
        .isEqualTo(
            "After the run the server still reports 213 requests deferred and 4 running: at its"
                + " drain rate of 1.3 req/s, wait about 3 min before the next run.");
    assertThat(ServerVerdict.afterRun(ServerViews.hockeyStickLeaving(null)))
        .as("not checked, nothing said")
        .isEmpty();
    assertThat(
            ServerVerdict.afterRun(
                ServerViews.hockeyStickLeaving(
                    new AfterRunCheck(1, true, "vllm", 0.0, 0.0, null, null, null, null))))
        .as("nothing left, nothing said")
        .isEmpty();
  }

  @Test
  void stepListsJoinConsecutiveSteps() {
    assertThat(ServerVerdict.stepList(List.of(4))).isEqualTo("step 4");
    assertThat(ServerVerdict.stepList(List.of(4, 5, 6))).isEqualTo("steps 4–6");
    assertThat(ServerVerdict.stepList(List.of(2, 4, 5, 6, 9))).isEqualTo("steps 2, 4–6, 9");
  }

  private static CapacityReport withGrowth(CapacityReport report, int growth) {
    dev.ttftgap.analysis.ServerMetricsView v = report.serverMetrics();
    return ReportCopy.withServerMetrics(
        report, ServerViews.redrawn(v, growth, v.series(), v.bands()));
  }

  @Test
  void aRunWithoutScrapesHasNoServerSentence() {
    assertThat(ServerVerdict.of(Synthetic.hockeyStick(false))).isEmpty();
  }
}
