package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
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
                "the knee at step 7 is not queueing at the server")),
        Arguments.of(
            "a queue that grows after the knee says the gap grew first",
            new double[] {0, 0, 0, 0, 0, 0, 0.2, 0.5, 4},
            List.of("first grows at step 9", "after the knee (step 7)", "the queue came later")));
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
  void aRunWithoutScrapesHasNoServerSentence() {
    assertThat(ServerVerdict.of(Synthetic.hockeyStick(false))).isEmpty();
  }
}
