package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ThroughputPlateauDetectorTest {

  @Test
  void workedExampleFromTheJavadocPlateausAtEightUsers() {
    List<StepStats> steps =
        List.of(
            TestSteps.closedStep(1, 2, 2.67, 35, 0),
            TestSteps.closedStep(2, 4, 4.67, 52, 0),
            TestSteps.closedStep(3, 8, 7.81, 84, 0),
            TestSteps.closedStep(4, 16, 7.99, 1086, 0),
            TestSteps.closedStep(5, 32, 7.87, 3115, 0));

    Saturation saturation = ThroughputPlateauDetector.detect(steps);

    assertThat(saturation.reached()).as("16 and 32 users add < 5 %% over 8 users").isTrue();
    assertThat(saturation.step()).isEqualTo(3);
    assertThat(saturation.concurrency()).as("the plateau starts at 8 users").isEqualTo(8);
    assertThat(saturation.saturationRate()).as("median of 7.81, 7.99, 7.87").isEqualTo(7.87);
    assertThat(saturation.maxAchievedRate()).isEqualTo(7.99);
    assertThat(saturation.rate()).as("a closed step's load is its concurrency").isNull();
    assertThat(saturation.thresholdRatio()).as("the arrivals ratio has no meaning here").isNull();
    assertThat(saturation.plateauTolerance()).isEqualTo(ThroughputPlateauDetector.TOLERANCE);
  }

  @Test
  void throughputStillRisingAtTheLastStepIsNoPlateau() {
    List<StepStats> steps =
        List.of(
            TestSteps.closedStep(1, 2, 2.7, 35, 0),
            TestSteps.closedStep(2, 4, 5.1, 40, 0),
            TestSteps.closedStep(3, 8, 9.4, 45, 0));

    Saturation saturation = ThroughputPlateauDetector.detect(steps);

    assertThat(saturation.reached()).as("every step beats the one before by > 5 %%").isFalse();
    assertThat(saturation.saturationRate()).as("no plateau, no capacity estimate").isNull();
    assertThat(saturation.concurrency()).isNull();
    assertThat(saturation.maxAchievedRate())
        .as("the best throughput is a lower bound")
        .isEqualTo(9.4);
  }

  @Test
  void aLaterRiseBeyondTheToleranceMovesThePlateauOn() {
    // 4 → 8 users adds 2.5 %, but 16 users reach 9.0 (+ 10 %): the slots were not all busy yet
    List<StepStats> steps =
        List.of(
            TestSteps.closedStep(1, 4, 8.0, 35, 0),
            TestSteps.closedStep(2, 8, 8.2, 40, 0),
            TestSteps.closedStep(3, 16, 9.0, 900, 0),
            TestSteps.closedStep(4, 32, 9.1, 2900, 0));

    Saturation saturation = ThroughputPlateauDetector.detect(steps);

    assertThat(saturation.concurrency())
        .as("the first step that no later step beats by > 5 %%: not 4 or 8 users")
        .isEqualTo(16);
    assertThat(saturation.saturationRate()).as("median of 9.0, 9.1").isCloseTo(9.05, within(1e-9));
  }

  @Test
  void aSingleStepCannotShowAPlateau() {
    Saturation saturation =
        ThroughputPlateauDetector.detect(List.of(TestSteps.closedStep(1, 8, 7.9, 40, 0)));

    assertThat(saturation.reached()).as("nothing after it to show it stopped rising").isFalse();
  }
}
