package dev.ttftgap.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RateBracketTest {
  @Test
  void probesRaiseLoAndLowerHi() {
    RateBracket bracket = new RateBracket();
    bracket.probed(true, 2);
    bracket.probed(true, 4);
    bracket.probed(false, 8);
    bracket.probed(false, 6);
    assertThat(bracket.lo()).as("the highest passing probe").isEqualTo(4.0);
    assertThat(bracket.hi()).as("the lowest failing probe").isEqualTo(6.0);
    assertThat(bracket.ceiling()).as("no failed phase reported a throughput").isNull();
  }

  @Test
  void aCeilingDiscardsTheProbesThatPassedAtOrAboveIt() {
    RateBracket bracket = new RateBracket();
    bracket.probed(true, 2);
    bracket.probed(true, 4);
    bracket.probed(true, 5);
    bracket.raiseCeiling(4.5);
    assertThat(bracket.ceiling()).as("the failed phase's throughput").isEqualTo(4.5);
    assertThat(bracket.lo()).as("the highest probe below the ceiling").isEqualTo(4.0);
    assertThat(bracket.hi()).as("nothing at or above the ceiling is sustainable").isEqualTo(4.5);
    bracket.raiseCeiling(3);
    assertThat(bracket.ceiling())
        .as("a lower throughput does not lower the ceiling")
        .isEqualTo(4.5);
  }

  @Test
  void aFailedHoldBecomesHi() {
    RateBracket bracket = new RateBracket();
    bracket.probed(false, 8);
    bracket.holdFailed(7.5);
    assertThat(bracket.hi()).as("the failed hold's rate").isEqualTo(7.5);
  }
}
