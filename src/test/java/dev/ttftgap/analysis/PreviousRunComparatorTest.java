package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PreviousRunComparatorTest {

  private static PreviousRunStep previous(int step, double ttfbP50, double gapP50) {
    return new PreviousRunStep(step, 2.0 * step, ttfbP50, ttfbP50 * 1.2, gapP50, gapP50 * 1.5);
  }

  @Test
  void ttfbJumpIsFlaggedAsTtfbOnly() {
    List<StepStats> now = List.of(TestSteps.step(1, 2, 230, 120, 150, 0));

    PreviousRunComparison comparison =
        PreviousRunComparator.compare("old.json", now, List.of(previous(1, 180, 120)));

    assertThat(comparison.ttfbRegressionSteps()).as("+50 ms TTFB > max(10, 36)").containsExactly(1);
    assertThat(comparison.gapRegressionSteps()).as("gap unchanged").isEmpty();
    assertThat(comparison.steps().get(0).ttfbP50DeltaMillis()).isEqualTo(50.0);
  }

  @Test
  void gapJumpIsFlaggedAsGapOnly() {
    List<StepStats> now =
        List.of(TestSteps.step(1, 2, 180, 160, 200, 0), TestSteps.step(2, 4, 180, 130, 200, 0));

    PreviousRunComparison comparison =
        PreviousRunComparator.compare(
            "old.json", now, List.of(previous(1, 180, 120), previous(2, 180, 120)));

    assertThat(comparison.gapRegressionSteps())
        .as("+40 ms > max(10, 24) regresses; +10 ms does not")
        .containsExactly(1);
    assertThat(comparison.ttfbRegressionSteps()).isEmpty();
  }

  @Test
  void stepsMissingFromTheBaselineAreSkipped() {
    List<StepStats> now =
        List.of(TestSteps.step(1, 2, 180, 120, 150, 0), TestSteps.step(2, 4, 180, 120, 150, 0));

    PreviousRunComparison comparison =
        PreviousRunComparator.compare("old.json", now, List.of(previous(2, 180, 120)));

    assertThat(comparison.steps())
        .extracting(PreviousRunComparison.StepDelta::step)
        .containsExactly(2);
  }
}
