package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SimFaultTest {

  @Test
  void parsesEveryKindAndPrintsItBackCanonically() {
    SimFault fault =
        SimFault.parse(
            "error-after:5, drop-after:7,stall-after:2:300,malformed-after:1,status:503,no-done,"
                + " error-line-after:4");

    assertThat(fault).isEqualTo(new SimFault(5, 7, 2, 300, 1, 503, true, 4));
    assertThat(fault.toString())
        .isEqualTo(
            "error-after:5,error-line-after:4,drop-after:7,stall-after:2:300,malformed-after:1,"
                + "status:503,no-done");
  }

  @Test
  void errorLineAfterParsesAloneAndRoundTrips() {
    SimFault fault = SimFault.parse("error-line-after:0");

    assertThat(fault).isEqualTo(new SimFault(null, null, null, null, null, null, false, 0));
    assertThat(fault.any()).isTrue();
    assertThat(SimFault.parse(fault.toString())).isEqualTo(fault);
  }

  @Test
  void stallAloneStallsBeforeTheFirstToken() {
    assertThat(SimFault.parse("stall:250"))
        .isEqualTo(new SimFault(null, null, 0, 250, null, null, false, null));
  }

  @Test
  void blankIsNoFaultAndMergeKeepsBoth() {
    assertThat(SimFault.parse(" ")).isEqualTo(SimFault.NONE);
    assertThat(SimFault.NONE.any()).isFalse();
    assertThat(SimFault.parse("no-done").merge(SimFault.parse("error-after:2")))
        .isEqualTo(new SimFault(2, null, null, null, null, null, true, null));
    assertThat(
            SimFault.parse("error-line-after:1,no-done")
                .merge(SimFault.parse("error-line-after:3")))
        .as("the later error-line-after wins, no-done stays")
        .isEqualTo(new SimFault(null, null, null, null, null, null, true, 3));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "explode",
        "error-after",
        "error-after:x",
        "error-line-after",
        "error-line-after:-2",
        "error-line-after:1:2",
        "error-line:3",
        "status:200",
        "stall:1:2",
        "drop-after:-1",
        "no-done:1"
      })
  void rejectsBadItemsNamingThem(String spec) {
    assertThatThrownBy(() -> SimFault.parse(spec))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sim_fault")
        .hasMessageContaining("expected");
  }
}
