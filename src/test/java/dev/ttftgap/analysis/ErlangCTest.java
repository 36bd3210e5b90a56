package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ErlangCTest {

  @Test
  void oneServerWaitsWithProbabilityRho() {
    assertThat(ErlangC.probabilityOfWaiting(1, 0.7))
        .as("M/M/1: P(wait) = ρ")
        .isCloseTo(0.7, within(1e-12));
  }

  @Test
  void twoServersAtOneErlangWaitOneThirdOfTheTime() {
    assertThat(ErlangC.probabilityOfWaiting(2, 1)).isCloseTo(1.0 / 3, within(1e-12));
  }

  @Test
  void textbookValueForTenServers() {
    // c = 10, a = 8 Erlangs: C ≈ 0.4092 (standard Erlang C tables)
    assertThat(ErlangC.probabilityOfWaiting(10, 8)).isCloseTo(0.4092, within(5e-4));
  }

  @Test
  void overloadAlwaysWaitsAndNoLoadNeverDoes() {
    assertThat(ErlangC.probabilityOfWaiting(4, 4)).isEqualTo(1.0);
    assertThat(ErlangC.probabilityOfWaiting(4, 0)).isEqualTo(0.0);
  }

  @Test
  void staysFiniteForThousandsOfServers() {
    double c = ErlangC.probabilityOfWaiting(1024, 1000);
    assertThat(c).as("Erlang B recursion, no factorial overflow").isBetween(0.0, 1.0);
  }
}
