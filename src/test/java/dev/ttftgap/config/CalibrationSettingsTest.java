package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class CalibrationSettingsTest {
  @Test
  void calibrationIsOnUnlessSwitchedOff() {
    assertThat(CalibrationSettings.load(new Properties()).calibrate()).as("default").isTrue();
    assertThat(CalibrationSettings.load(TestProperties.of("prompt.calibration=auto")).calibrate())
        .as("auto")
        .isTrue();
    assertThat(CalibrationSettings.load(TestProperties.of("prompt.calibration=OFF")).calibrate())
        .as("off, any case")
        .isFalse();
  }

  @Test
  void anUnknownModeFailsNamingTheProperty() {
    assertThatThrownBy(
            () -> CalibrationSettings.load(TestProperties.of("prompt.calibration=exact")))
        .isInstanceOf(SettingsException.class)
        .hasMessage(
            "-Dprompt.calibration: \"exact\" is not a calibration mode; use auto (lengths in the"
                + " served model's tokens) or off (cl100k tokens)");
  }
}
