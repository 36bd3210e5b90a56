package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.HeaderTiming;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictSentencesTest {

  @Test
  void headersWithTheFirstTokenSayTheGapHidesInTtfb() {
    String sentence =
        VerdictSentences.headerTiming(
            new HeaderTimingVerdict(
                HeaderTiming.WITH_FIRST_TOKEN, 305.0, 305.0, 0.0, 900.0, 595.0));

    assertThat(sentence).contains("TTFB ≈ TTFT").contains("hide inside TTFB");
  }

  @Test
  void bufferedStreamSaysTheProxyIsMeasured() {
    String sentence =
        VerdictSentences.headerTiming(
            new HeaderTimingVerdict(HeaderTiming.BUFFERED, 899.0, 900.0, 1.0, 900.0, 0.0));

    assertThat(sentence).contains("proxy buffers it").contains("measure the proxy");
  }

  @Test
  void hockeyStickNamesKneeSloSaturationModelAndReplicas() {
    List<String> sentences = VerdictSentences.of(Synthetic.hockeyStick(false));

    assertThat(sentences).anyMatch(s -> s.startsWith("Knee at step 7"));
    assertThat(sentences).anyMatch(s -> s.startsWith("Max sustainable rate under the SLO"));
    assertThat(sentences).anyMatch(s -> s.contains("The engine's analytic capacity is 16 rps"));
    assertThat(sentences)
        .anyMatch(s -> s.startsWith("Fitted queueing model") && s.contains("c = "));
    assertThat(sentences).anyMatch(s -> s.startsWith("For a peak of 100 rps"));
  }

  @Test
  void flatRunSaysWhatWasNotReached() {
    List<String> sentences = VerdictSentences.of(Synthetic.flat());

    assertThat(sentences).anyMatch(s -> s.contains("no queueing knee"));
    assertThat(sentences).anyMatch(s -> s.contains("at least") && s.contains("raise the load"));
    assertThat(sentences).anyMatch(s -> s.contains("saturation not reached"));
    assertThat(sentences).anyMatch(s -> s.startsWith("No queueing model fitted"));
  }
}
