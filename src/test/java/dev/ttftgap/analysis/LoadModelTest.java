package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadModelTest {

  @Test
  void stepsOfConcurrencyWithoutRateAreClosed() {
    List<StepStats> steps =
        List.of(TestSteps.closedStep(1, 2, 2.7, 40, 0), TestSteps.closedStep(2, 4, 5.1, 45, 0));

    assertThat(LoadModel.of(steps)).isEqualTo(LoadModel.CLOSED);
  }

  @Test
  void stepsOfRateAreOpen() {
    assertThat(LoadModel.of(List.of(TestSteps.step(1, 2, 20, 40, 50, 0))))
        .isEqualTo(LoadModel.OPEN);
  }

  @Test
  void aMixOrNoStepsReadsAsOpen() {
    List<StepStats> mixed =
        List.of(TestSteps.closedStep(1, 2, 2.7, 40, 0), TestSteps.step(2, 4, 20, 40, 50, 0));

    assertThat(LoadModel.of(mixed)).as("merged open and closed files").isEqualTo(LoadModel.OPEN);
    assertThat(LoadModel.of(List.of())).isEqualTo(LoadModel.OPEN);
  }
}
