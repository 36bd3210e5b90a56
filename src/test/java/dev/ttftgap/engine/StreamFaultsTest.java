package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StreamFaultsTest {

  @Test
  void eachFaultStrikesAtItsTokenCount() {
    StreamFaults faults = new StreamFaults(SimFault.parse("malformed-after:1,error-after:3"));

    assertThat(faults.at(0, true, false))
        .as("before the first token")
        .isEqualTo(StreamFaults.Due.NONE);
    assertThat(faults.at(1, true, false)).as("after 1 token").isEqualTo(StreamFaults.Due.MALFORMED);
    assertThat(faults.at(1, false, false))
        .as("the malformed event is written once")
        .isEqualTo(StreamFaults.Due.NONE);
    assertThat(faults.at(3, true, false)).as("after 3 tokens").isEqualTo(StreamFaults.Due.ERROR);
    assertThat(new StreamFaults(SimFault.parse("drop-after:0")).at(0, true, false))
        .as("a drop before the first token")
        .isEqualTo(StreamFaults.Due.DROP);
  }

  @Test
  void theErrorLineStrikesAtItsCountAndTheApisErrorWinsATie() {
    assertThat(new StreamFaults(SimFault.parse("error-line-after:2")).at(2, true, false))
        .isEqualTo(StreamFaults.Due.ERROR_LINE);
    assertThat(new StreamFaults(SimFault.parse("error-line-after:2")).at(1, true, false))
        .isEqualTo(StreamFaults.Due.NONE);
    assertThat(
            new StreamFaults(SimFault.parse("error-line-after:2,error-after:2")).at(2, true, false))
        .isEqualTo(StreamFaults.Due.ERROR);
    assertThat(
            new StreamFaults(SimFault.parse("error-line-after:2,drop-after:2")).at(2, true, false))
        .isEqualTo(StreamFaults.Due.ERROR_LINE);
  }

  @Test
  void aStallHoldsTheTokensProducedMeanwhileAndReleasesThemOnce() {
    StreamFaults faults = new StreamFaults(SimFault.parse("stall-after:2:800"));

    assertThat(faults.at(2, true, false)).as("the stall strikes").isEqualTo(StreamFaults.Due.STALL);
    assertThat(faults.stalled()).as("stalled").isTrue();
    assertThat(faults.stallMillis()).as("its length").isEqualTo(800);
    faults.hold(false);
    faults.hold(true);
    StreamFaults.Held held = faults.release();

    assertThat(held)
        .as("the pending token and the two produced meanwhile, the last ending the stream")
        .isEqualTo(new StreamFaults.Held(3, true));
    assertThat(faults.stalled()).as("released").isFalse();
    assertThat(faults.at(2, true, false))
        .as("a stall strikes once")
        .isEqualTo(StreamFaults.Due.NONE);
  }

  @Test
  void aStallAtTheEndHoldsNoTokenButRemembersTheEnd() {
    StreamFaults faults = new StreamFaults(SimFault.parse("stall-after:4:100"));

    assertThat(faults.at(4, false, true)).isEqualTo(StreamFaults.Due.STALL);
    assertThat(faults.release())
        .as("nothing held, the stream ends after the stall")
        .isEqualTo(new StreamFaults.Held(0, true));
  }

  @Test
  void noFaultIsNeverDue() {
    StreamFaults faults = new StreamFaults(SimFault.NONE);

    for (int tokens = 0; tokens < 5; tokens++) {
      assertThat(faults.at(tokens, true, tokens == 4))
          .as("after %s tokens", tokens)
          .isEqualTo(StreamFaults.Due.NONE);
    }
  }
}
