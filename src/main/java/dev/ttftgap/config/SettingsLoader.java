package dev.ttftgap.config;

import dev.ttftgap.config.SettingsSource.Value;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/** Reads and checks each of {@link Settings}' values from one {@link SettingsSource}. */
final class SettingsLoader {
  private SettingsLoader() {}

  /**
   * Settings from {@code source}.
   *
   * @throws SettingsException naming the first bad setting and its fix
   */
  static Settings load(SettingsSource source) {
    SettingChecks.rejectKeyInProperties(source.propertyNames());
    boolean asIs =
        source
            .get(Setting.LLM_BASE_URL_AS_IS)
            .map(s -> SettingChecks.parseBoolean(s.name(), s.value()))
            .orElse(false);
    Optional<URI> baseUrl =
        source.get(Setting.LLM_BASE_URL).map(s -> ApiRoot.parse(s.name(), s.value(), asIs).uri());
    Optional<String> apiKey =
        source.get(Setting.LLM_API_KEY).map(s -> SettingChecks.checkApiKey(s.name(), s.rawValue()));
    Optional<String> model =
        source.get(Setting.LLM_MODEL).map(s -> SettingChecks.checkModel(s.name(), s.rawValue()));
    String profile = source.get(Setting.PROFILE).map(Value::value).orElse(Settings.DEFAULT_PROFILE);
    String engineProfile =
        source
            .get(Setting.ENGINE_PROFILE)
            .map(s -> SettingChecks.checkEngineProfile(s.name(), s.value()))
            .orElse(Settings.DEFAULT_ENGINE_PROFILE);
    String headerMode =
        source
            .get(Setting.ENGINE_HEADER_MODE)
            .map(s -> SettingChecks.checkHeaderMode(s.name(), s.value()))
            .orElse(Settings.DEFAULT_ENGINE_HEADER_MODE);
    boolean perUser =
        source
            .get(Setting.CONNECTIONS)
            .map(s -> SettingChecks.parseConnections(s.name(), s.value()))
            .orElse(false);
    Optional<Path> recordsDir =
        source
            .get(Setting.RECORDS_DIR)
            .map(s -> SettingChecks.parseRecordsDir(s.name(), s.value()));
    Optional<Double> peakRate =
        source
            .get(Setting.CAPACITY_PEAK_RATE)
            .map(s -> SettingChecks.parsePeakRate(s.name(), s.value()));
    Optional<Path> baseline =
        source.get(Setting.BASELINE).map(s -> SettingChecks.parseBaseline(s.name(), s.value()));
    return new Settings(
        baseUrl,
        asIs,
        apiKey,
        model,
        profile,
        engineProfile,
        headerMode,
        perUser,
        recordsDir,
        peakRate,
        baseline);
  }
}
