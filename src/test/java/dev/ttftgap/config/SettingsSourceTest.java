package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SettingsSourceTest {

  private static Properties props(String... properties) {
    return TestProperties.of(properties);
  }

  @Test
  void thePropertyWinsOverItsVariablesAndIsNamedAsTheUserSpelledIt() {
    SettingsSource source =
        SettingsSource.of(
            Map.of("LLM_BASE_URL", "http://env/v1"), props("llm.baseUrl= http://prop/v1 "));

    assertThat(source.get(Setting.LLM_BASE_URL))
        .as("-Dllm.baseUrl before LLM_BASE_URL, value kept raw")
        .contains(new SettingsSource.Value("-Dllm.baseUrl", " http://prop/v1 "));
    assertThat(source.get(Setting.LLM_BASE_URL).orElseThrow().value())
        .as("value() strips")
        .isEqualTo("http://prop/v1");
  }

  @Test
  void variablesAreAskedInTheirDeclaredOrderAndBlankCountsAsUnset() {
    SettingsSource source =
        SettingsSource.of(
            Map.of("LLM_BASE_URL", "  ", "OPENAI_BASE_URL", "http://openai/v1"),
            props("llm.baseUrl="));

    assertThat(source.get(Setting.LLM_BASE_URL))
        .as("a blank property and a blank first variable fall through to OPENAI_BASE_URL")
        .contains(new SettingsSource.Value("OPENAI_BASE_URL", "http://openai/v1"));
  }

  @Test
  void aPropertyOnlySettingIgnoresAnEnvironmentVariableOfTheSameSpelling() {
    SettingsSource source = SettingsSource.of(Map.of("profile", "x", "PROFILE", "y"), props());

    assertThat(source.get(Setting.PROFILE)).as("-Dprofile has no environment twin").isEmpty();
  }

  @Test
  void rawPropertyKeepsABlankValueAndFoldersFallBackToTheirDefault() {
    SettingsSource source = SettingsSource.of(Map.of(), props("experiment.models="));

    assertThat(source.rawProperty(Setting.EXPERIMENT_MODELS)).as("blank kept").contains("");
    assertThat(source.rawProperty(Setting.LLM_API_KEY)).as("environment-only").isEmpty();
    assertThat(source.folder(Setting.SIMULATIONS_DIR))
        .as("unset: the declared default")
        .isEqualTo(Path.of("simulations"));
  }

  @Test
  void theSnapshotDoesNotSeeLaterChanges() {
    Properties props = props("profile=a");
    SettingsSource source = SettingsSource.of(Map.of(), props);
    props.setProperty("profile", "b");

    assertThat(source.get(Setting.PROFILE).orElseThrow().value())
        .as("read once, when the snapshot is taken")
        .isEqualTo("a");
  }
}
