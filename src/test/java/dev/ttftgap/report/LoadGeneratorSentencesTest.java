package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.health.HealthSamples;
import dev.ttftgap.health.LoadGeneratorHealth;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LoadGeneratorSentencesTest {

  @Test
  void aQuietRunSaysTheLoadGeneratorKeptUpWithItsWorstFigures() {
    assertThat(LoadGeneratorSentences.verdict(HealthSamples.quiet()))
        .isEqualTo(
            "The load generator kept up at every step (event-loop delay p99 0.4 ms, injection lag"
                + " p99 0.0 ms, CPU 13 %, at worst): the latencies are the server's.");
  }

  @Test
  void aBlockedStepIsNamedWithWhatTheClientAddedAndWhetherTheSloStillUsesIt() {
    assertThat(LoadGeneratorSentences.verdict(HealthSamples.blockedAtStep3().withSloLimit(1000)))
        .isEqualTo(
            "At step 3 the load generator added up to 31 ms (event-loop delay p99, CPU 13 %): its"
                + " TTFT p99 is not the server's. The SLO verdict still uses step 3: there the"
                + " delay stayed under a tenth of the tightest limit, 1000 ms.");
    assertThat(LoadGeneratorSentences.verdict(HealthSamples.blockedAtStep3().withSloLimit(300)))
        .endsWith(
            "The SLO verdict leaves out step 3 (the load generator's delay reached a tenth of the"
                + " tightest limit, 300 ms).");
  }

  @Test
  void severalBlockedStepsAreListed() {
    LoadGeneratorHealth health = HealthSamples.flagging(4, Set.of(2, 4)).withSloLimit(250);
    assertThat(LoadGeneratorSentences.verdict(health))
        .startsWith("At step 2 the load generator added up to 31 ms")
        .contains("; at step 4 the load generator added up to 31 ms")
        .endsWith(
            "The SLO verdict leaves out steps 2, 4 (the load generator's delay reached a tenth of"
                + " the tightest limit, 250 ms).");
  }

  @Test
  void eachStepHasItsOwnFlag() {
    LoadGeneratorHealth health = HealthSamples.blockedAtStep3();
    assertThat(LoadGeneratorSentences.stepFlag(health.step(1)))
        .isEqualTo("kept up (event-loop delay p99 0.4 ms, injection lag p99 0.0 ms, CPU 13 %)");
    assertThat(LoadGeneratorSentences.stepFlag(health.step(3)))
        .isEqualTo(
            "at step 3 the load generator added up to 31 ms (event-loop delay p99, CPU 13 %): its"
                + " TTFT p99 is not the server's");
  }

  @Test
  void aStepFlaggedForItsStampDelaySaysHowMuchItsOwnStallsMayHaveAdded() {
    LoadGeneratorHealth health = HealthSamples.stampedInStalls(3, List.of(2), 4_700);

    assertThat(LoadGeneratorSentences.stepFlag(health.step(2)))
        .isEqualTo(
            "at step 2 the load generator's own stalls may have added up to 4.7 ms to its TTFB"
                + " and TTFT p99 (stamp delay p99, CPU 13 %)");
    assertThat(LoadGeneratorSentences.stepFlag(health.step(1)))
        .as("a 1.5-ms stall that held no first token")
        .isEqualTo(
            "kept up (event-loop delay p99 0.4 ms, stamp delay p99 0.0 ms, injection lag p99 0.0"
                + " ms, CPU 13 %)");
  }

  @Test
  void stepsFlaggedForTheirStampDelayAreNamedInOneSentenceWithTheRange() {
    LoadGeneratorHealth health =
        HealthSamples.stampedInStalls(4, List.of(1, 2, 4), 3_000, 4_700, 3_500).withSloLimit(2500);

    assertThat(LoadGeneratorSentences.verdict(health))
        .isEqualTo(
            "At steps 1, 2, 4 the load generator's own stalls may have added up to 3.0–4.7 ms to"
                + " their TTFB and TTFT p99 (stamp delay p99, CPU 13 %). The SLO verdict still"
                + " uses steps 1, 2, 4: there the delay stayed under a tenth of the tightest"
                + " limit, 2500 ms.");
  }

  @Test
  void noHealthFileNoSentence() {
    assertThat(LoadGeneratorSentences.verdict(null)).isNull();
    assertThat(LoadGeneratorSentences.stepFlag(null)).isNull();
  }
}
