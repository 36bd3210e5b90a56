package dev.ttftgap.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestPhase;
import org.junit.jupiter.api.Test;

class PhaseTest {
  private static Phase of(Phase.Kind kind) {
    return new Phase(3, kind, 6, 0, 20_000);
  }

  @Test
  void aProbesRecordsAreStepsAndAHoldsAreHolds() {
    assertThat(of(Phase.Kind.WARMUP).recordPhase()).as("warm-up").isEqualTo(RequestPhase.WARMUP);
    assertThat(of(Phase.Kind.PROBE).recordPhase()).as("probe").isEqualTo(RequestPhase.STEP);
    assertThat(of(Phase.Kind.HOLD).recordPhase()).as("hold").isEqualTo(RequestPhase.HOLD);
  }

  @Test
  void labelsNameTheKindIndexAndRate() {
    assertThat(of(Phase.Kind.PROBE).label()).as("probe label").isEqualTo("probe 03 · 6 rps");
    assertThat(of(Phase.Kind.HOLD).label()).as("hold label").isEqualTo("hold 03 · 6 rps");
    assertThat(of(Phase.Kind.DRAIN).admits()).as("a drain admits nobody").isFalse();
  }
}
