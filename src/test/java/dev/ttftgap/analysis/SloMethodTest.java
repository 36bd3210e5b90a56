package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SloMethodTest {

  @Test
  void theCapIsAppendedOnceToTheMethodsName() {
    assertThat(SloMethod.INTERPOLATED.label(false)).as("uncapped").isEqualTo("interpolated");
    assertThat(SloMethod.LAST_STEADY_STEP.label(true))
        .as("capped by saturation")
        .isEqualTo("last_steady_step_capped");
    assertThat(SloMethod.LOWER_BOUND.label(true)).as("capped").isEqualTo("lower_bound_capped");
  }

  @Test
  void aLabelNamesItsMethodCappedOrNot() {
    assertThat(SloMethod.ofLabel("model_capped")).as("capped").isEqualTo(SloMethod.MODEL);
    assertThat(SloMethod.ofLabel("held")).as("plain").isEqualTo(SloMethod.HELD);
    assertThat(SloMethod.ofLabel(null)).as("undefined").isNull();
  }

  @Test
  void aVerdictWithoutMethodHasNoLabel() {
    SloVerdict none = SloEvaluator.evaluate(List.of(), CapacityOptions.defaults());

    assertThat(none.method()).as("no step, no method").isNull();
    assertThat(none.methodLabel()).as("no method, no label").isNull();
  }
}
