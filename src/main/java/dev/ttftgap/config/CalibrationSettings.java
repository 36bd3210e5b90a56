package dev.ttftgap.config;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Whether a run calibrates its prompt lengths against the target before the load ({@code
 * preflight.TokenCalibrationProbe}), beside the common {@link Settings}.
 *
 * <table>
 *   <caption>Sources</caption>
 *   <tr><th>setting</th><th>system property</th><th>default</th></tr>
 *   <tr><td>calibrate</td><td>{@code -Dprompt.calibration=auto|off}</td><td>{@code auto}: a
 *       profile's {@code promptTokens} are the served model's tokens, measured on the target
 *       (two short requests); {@code off}: cl100k tokens, as counted by the tool</td></tr>
 * </table>
 *
 * @param calibrate whether to measure the target's token counts before the load
 */
public record CalibrationSettings(boolean calibrate) {
  /** From this JVM: {@link SettingsSource#current()}. */
  public static CalibrationSettings load() {
    return load(SettingsSource.current());
  }

  /**
   * @throws SettingsException naming {@code -Dprompt.calibration} when it is neither auto nor off
   */
  public static CalibrationSettings load(Properties props) {
    return load(SettingsSource.of(Map.of(), props));
  }

  /**
   * @throws SettingsException naming {@code -Dprompt.calibration} when it is neither auto nor off
   */
  public static CalibrationSettings load(SettingsSource source) {
    Optional<SettingsSource.Value> set = source.get(Setting.PROMPT_CALIBRATION);
    if (set.isEmpty()) {
      return new CalibrationSettings(true);
    }
    String value = set.get().rawValue();
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "auto" -> new CalibrationSettings(true);
      case "off" -> new CalibrationSettings(false);
      default ->
          throw SettingChecks.invalid(
              "-Dprompt.calibration",
              value,
              "is not a calibration mode; use auto (lengths in the served model's tokens) or off"
                  + " (cl100k tokens)");
    };
  }
}
