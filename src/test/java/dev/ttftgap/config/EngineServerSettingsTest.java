package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EngineServerSettingsTest {
  private static Properties props(String... pairs) {
    Properties props = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      props.setProperty(pairs[i], pairs[i + 1]);
    }
    return props;
  }

  @Test
  void byDefaultTheEngineHasNoWorkerPoolAndAbortsGoneClients() {
    EngineServerSettings settings = EngineServerSettings.load(new Properties());

    assertThat(settings.httpWorkers()).as("0 = unbounded").isZero();
    assertThat(settings.boundedWorkers()).isFalse();
    assertThat(settings.idleHoldMillis()).isEqualTo(5_000L);
    assertThat(settings.onDisconnect()).isEqualTo("abort");
    assertThat(settings.keepAliveMaxRequests()).as("cpp-httplib's keep-alive max").isEqualTo(100);
  }

  @Test
  void theLlamaCppCombinationIsRead() {
    EngineServerSettings settings =
        EngineServerSettings.load(
            props(
                "engine.httpWorkers",
                "6",
                "engine.onDisconnect",
                "run-on",
                "engine.idleHoldMs",
                "2000"));

    assertThat(settings)
        .as("as given")
        .isEqualTo(new EngineServerSettings(6, 2_000L, 100, "run-on"));
  }

  @ParameterizedTest(name = "engine.httpWorkers={0}")
  @ValueSource(strings = {"-1", "six", "1.5", "99999999999"})
  void aWrongWorkerCountFailsInOneLineNamingTheProperty(String value) {
    assertThatThrownBy(() -> EngineServerSettings.load(props("engine.httpWorkers", value)))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dengine.httpWorkers: \"" + value + "\" is not an integer >= 0")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aWrongPolicyOrHoldFailsNamingTheProperty() {
    assertThatThrownBy(() -> EngineServerSettings.load(props("engine.onDisconnect", "keep")))
        .hasMessage(
            "-Dengine.onDisconnect: \"keep\" is not a disconnect policy; use abort or run-on");
    assertThatThrownBy(() -> EngineServerSettings.load(props("engine.keepAliveMaxRequests", "-3")))
        .hasMessageStartingWith("-Dengine.keepAliveMaxRequests: \"-3\" is not an integer >= 0");
    assertThatThrownBy(() -> EngineServerSettings.load(props("engine.idleHoldMs", "0")))
        .hasMessageStartingWith("-Dengine.idleHoldMs: \"0\" is not an integer >= 1");
  }
}
