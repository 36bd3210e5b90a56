package dev.ttftgap.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.profile.AutoStairs;
import java.util.List;
import org.junit.jupiter.api.Test;

class AutoStairsPlanTest {
  private static final AutoStairs DEFAULTS = AutoStairs.DEFAULTS;

  private static AutoStairs withMaxRate(double maxRate) {
    AutoStairs d = DEFAULTS;
    return new AutoStairs(
        d.fractions(),
        d.singleUserRequests(),
        d.singleUserSeconds(),
        d.burstConcurrency(),
        d.burstSeconds(),
        d.burstMaxSeconds(),
        d.serviceTimeFactor(),
        d.minRequestsPerStep(),
        d.maxStepSeconds(),
        maxRate);
  }

  @Test
  void theWorkedExampleOfTheJavadocHolds() {
    AutoStairsPlan plan = AutoStairsPlan.of(DEFAULTS, 30, 1.35, 2400.0, 10);

    assertThat(plan.ratesPerSec())
        .as("fractions × 1.35 req/s, three significant digits")
        .containsExactly(0.338, 0.675, 0.945, 1.15, 1.35, 1.62);
    assertThat(plan.stepDurationSeconds())
        .as("max(30 s, 10 × 2.4 s, ⌈12 / 0.338⌉ s)")
        .isEqualTo(36);
    assertThat(plan.cappedAtRatePerSec()).as("nothing capped under maxRate 64").isNull();
    assertThat(plan.sentence())
        .isEqualTo(
            "auto stairs from a 1.35 req/s burst estimate (32 in flight for 10 s; single-user e2e"
                + " median 2400 ms): 0.338, 0.675, 0.945, 1.15, 1.35, 1.62 rps, 36 s each");
  }

  @Test
  void aLongServiceTimeLengthensEveryStepUpToTheBound() {
    assertThat(AutoStairsPlan.of(DEFAULTS, 30, 10, 6_000.0, 10).stepDurationSeconds())
        .as("10 × 6 s service time")
        .isEqualTo(60);
    assertThat(AutoStairsPlan.of(DEFAULTS, 30, 10, 60_000.0, 10).stepDurationSeconds())
        .as("10 × 60 s would be 600 s; maxStepSeconds bounds it")
        .isEqualTo(300);
    assertThat(AutoStairsPlan.of(DEFAULTS, 30, 0.01, null, 10).stepDurationSeconds())
        .as("12 arrivals at 0.0025 rps would take 4800 s; maxStepSeconds bounds it")
        .isEqualTo(300);
    assertThat(AutoStairsPlan.of(DEFAULTS, 30, 100, 40.0, 10).stepDurationSeconds())
        .as("a fast server keeps the profile's shortest step")
        .isEqualTo(30);
  }

  @Test
  void stepsAboveMaxRateAreCappedAndCollapseIntoOne() {
    AutoStairsPlan plan = AutoStairsPlan.of(withMaxRate(64), 30, 151, 40.0, 10);

    assertThat(plan.ratesPerSec())
        .as("0.25, 0.5 × 151 fit; 0.7, 0.85, 1, 1.2 × 151 all become 64")
        .containsExactly(37.8, 64.0);
    assertThat(plan.cappedAtRatePerSec()).isEqualTo(64.0);
    assertThat(plan.sentence())
        .endsWith("; capped at autoStairs.maxRate 64 rps (raise it to reach 1.2 × the estimate)");
  }

  @Test
  void anUnknownServiceTimeIsSaidAndTheStepsKeepTheirShortestLength() {
    AutoStairsPlan plan = AutoStairsPlan.of(DEFAULTS, 20, 8, null, 10);

    assertThat(plan.serviceTimeMillis()).isNull();
    assertThat(plan.stepDurationSeconds()).as("max(20, ⌈12 / 2⌉)").isEqualTo(20);
    assertThat(plan.sentence()).contains("single-user e2e median unknown");
    assertThat(plan.fractions()).isEqualTo(List.of(0.25, 0.5, 0.7, 0.85, 1.0, 1.2));
  }

  @Test
  void anEstimateThatIsNoRateIsRefused() {
    assertThatThrownBy(() -> AutoStairsPlan.of(DEFAULTS, 30, 0, null, 10))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> AutoStairsPlan.of(DEFAULTS, 30, Double.NaN, null, 10))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
