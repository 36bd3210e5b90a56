package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ThroughputPlateauDetectorTest {

  @Test
  void workedExampleFromTheJavadocPlateausAtEightUsers() {
    Saturation saturation =
        plateau(
            2, new double[] {2.67, 4.67, 7.81, 7.99, 7.87}, new double[] {35, 52, 84, 1086, 3115});

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
    Saturation saturation = plateau(2, new double[] {2.7, 5.1, 9.4}, new double[] {35, 40, 45});

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
    Saturation saturation =
        plateau(4, new double[] {8.0, 8.2, 9.0, 9.1}, new double[] {35, 40, 900, 2900});

    assertThat(saturation.concurrency())
        .as("the first step that no later step beats by > 5 %%: not 4 or 8 users")
        .isEqualTo(16);
    assertThat(saturation.saturationRate()).as("median of 9.0, 9.1").isCloseTo(9.05, within(1e-9));
  }

  @Test
  void aSingleStepCannotShowAPlateau() {
    Saturation saturation = plateau(8, new double[] {7.9}, new double[] {40});

    assertThat(saturation.reached()).as("nothing after it to show it stopped rising").isFalse();
  }

  /**
   * The plateau verdict on closed steps 1, 2, … of {@code firstUsers}, 2 × {@code firstUsers}, …
   * users with throughput {@code throughputs}, requests/s, gap p95 {@code gapP95s}, ms, and no
   * errors.
   */
  private static Saturation plateau(int firstUsers, double[] throughputs, double[] gapP95s) {
    List<StepStats> steps =
        IntStream.range(0, throughputs.length)
            .mapToObj(
                i -> TestSteps.closedStep(i + 1, firstUsers << i, throughputs[i], gapP95s[i], 0))
            .toList();
    return ThroughputPlateauDetector.detect(steps);
  }
}
