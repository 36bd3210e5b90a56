package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecoveryExplanationTest {
  private static final RecoveryBand BAND = new RecoveryBand(100, 200);

  private static RecoveryPrediction fitted(double mu, Double drain) {
    return new RecoveryPrediction(mu, RecoveryPrediction.FITTED, 50.0, drain, 5, 20);
  }

  @Test
  void theDifferenceIsRelativeToThePrediction() {
    assertThat(RecoveryExplanation.differencePercent(25.0, 20.0)).isEqualTo(25.0);
    assertThat(RecoveryExplanation.differencePercent(0.0, 0.0)).as("both none").isZero();
    assertThat(RecoveryExplanation.differencePercent(5.0, 0.0)).isNull();
    assertThat(RecoveryExplanation.differencePercent(null, 20.0)).isNull();
  }

  @Test
  void withinTwentyFivePercentNeedsNoSentence() {
    assertThat(RecoveryExplanation.explain(BAND, 25.0, fitted(10, 20.0), null, 5)).isNull();
  }

  @Test
  void aShortDrainOffByOneWindowSaysItIsTheResolution() {
    assertThat(RecoveryExplanation.explain(BAND, 5.0, fitted(10, 2.0), null, 5))
        .contains("150 % longer than the 2.0 s")
        .contains("within one 5 s window");
  }

  @Test
  void aCapacityNotAboveTheBaseRateNeverDrains() {
    RecoveryPrediction slow = new RecoveryPrediction(4.0, "fitted queue", 160.0, null, 5, 20);

    assertThat(RecoveryExplanation.explain(BAND, null, slow, null, 5))
        .contains("not above the base rate of 5.0 req/s");
  }

  @Test
  void aRecoveryWithoutPredictedBacklogIsExplained() {
    assertThat(RecoveryExplanation.explain(BAND, 10.0, fitted(30, 0.0), null, 5))
        .contains("stayed below the capacity of 30.0 req/s");
  }

  @Test
  void noBandComesFirst() {
    assertThat(RecoveryExplanation.explain(null, null, fitted(10, 20.0), null, 5))
        .startsWith("no low-load band");
  }
}
