package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StopWhenSaturatedTest {
  private static final Properties NONE = new Properties();

  @Test
  void itIsOnAgainstAnExternalTargetAndOffForTheEmbeddedEngineByDefault() {
    assertThat(StopWhenSaturated.resolve(NONE, Optional.empty(), true, true, false))
        .as("external target, open stairs")
        .isTrue();
    assertThat(StopWhenSaturated.resolve(NONE, Optional.empty(), false, true, false))
        .as("embedded engine: the default run keeps its overloaded steps")
        .isFalse();
    assertThat(StopWhenSaturated.resolve(NONE, Optional.empty(), true, false, false))
        .as("closed stairs or a search: never")
        .isFalse();
    assertThat(StopWhenSaturated.resolve(NONE, Optional.empty(), true, true, true))
        .as("a part of a split run: never by default")
        .isFalse();
  }

  @Test
  void thePropertyWinsOverTheProfileWhichWinsOverTheDefault() {
    assertThat(StopWhenSaturated.resolve(NONE, Optional.of(true), false, true, false))
        .as("the profile switches it on for the embedded engine")
        .isTrue();
    assertThat(StopWhenSaturated.resolve(NONE, Optional.of(false), true, true, false))
        .as("the profile switches it off against an external target")
        .isFalse();
    Properties off = TestProperties.of("load.stopWhenSaturated=false");
    assertThat(StopWhenSaturated.resolve(off, Optional.of(true), true, true, false))
        .as("-Dload.stopWhenSaturated=false over the profile's true")
        .isFalse();
    Properties on = TestProperties.of("load.stopWhenSaturated= TRUE ");
    assertThat(StopWhenSaturated.resolve(on, Optional.empty(), false, true, false))
        .as("-Dload.stopWhenSaturated=true for the embedded engine, case and spaces aside")
        .isTrue();
    Properties blank = TestProperties.of("load.stopWhenSaturated= ");
    assertThat(StopWhenSaturated.resolve(blank, Optional.empty(), true, true, false))
        .as("blank counts as unset")
        .isTrue();
  }

  @Test
  void aWrongValueOrAStopThatCannotApplyFailsInOneLineNamingTheSetting() {
    assertThatThrownBy(
            () ->
                StopWhenSaturated.resolve(
                    TestProperties.of("load.stopWhenSaturated=yes"),
                    Optional.empty(),
                    true,
                    true,
                    false))
        .isInstanceOf(SettingsException.class)
        .hasMessage(
            "load.stopWhenSaturated: \"yes\" is not a boolean; use -Dload.stopWhenSaturated=true"
                + " or false");
    assertThatThrownBy(
            () ->
                StopWhenSaturated.resolve(
                    TestProperties.of("load.stopWhenSaturated=true"),
                    Optional.empty(),
                    true,
                    true,
                    true))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith(
            "load.stopWhenSaturated: true applies to open stairs of one injector only (this run is"
                + " a part of a split run)")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> StopWhenSaturated.resolve(NONE, Optional.of(true), true, false, false))
        .as("from the profile: named as the profile's field")
        .hasMessageStartingWith(
            "load profile's load.stopWhenSaturated: true applies to open stairs");
  }
}
