package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.config.SettingsException;
import dev.ttftgap.config.SettingsSource;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EngineMainTest {
  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());

  @Test
  void parsesPortProfileHostAndHeaderMode() {
    EngineConfig config =
        EngineMain.parse(
            new String[] {
              "--port",
              "0",
              "--profile",
              "qwen3-14b-like",
              "--host",
              "127.0.0.1",
              "--header-mode",
              "with-first-token",
              "--keep-alive-ms",
              "500"
            },
            QUIET);

    assertThat(config.port()).isZero();
    assertThat(config.defaultProfile()).isEqualTo("qwen3-14b-like");
    assertThat(config.headerMode()).isEqualTo(HeaderMode.WITH_FIRST_TOKEN);
    assertThat(config.keepAliveInterval().toMillis()).isEqualTo(500);
  }

  @Test
  void theLlamaCppLikeServerIsFourOptions() {
    EngineConfig config =
        EngineMain.parse(
            new String[] {
              "--profile",
              "llamacpp-cpu-like",
              "--http-workers",
              "6",
              "--idle-hold-ms",
              "2000",
              "--on-disconnect",
              "run-on",
              "--metrics-dialect",
              "llamacpp"
            },
            QUIET);

    assertThat(config.defaultProfile()).isEqualTo("llamacpp-cpu-like");
    assertThat(config.httpWorkers()).as("slots + 2").isEqualTo(6);
    assertThat(config.idleWorkerHoldMillis()).isEqualTo(2_000L);
    assertThat(config.disconnectPolicy()).isEqualTo(DisconnectPolicy.RUN_ON);
    assertThat(EngineConfig.defaults().httpWorkers()).as("no pool by default").isZero();
    assertThat(EngineConfig.defaults().idleWorkerHoldMillis()).isEqualTo(5_000L);
    assertThat(EngineConfig.defaults().disconnectPolicy()).isEqualTo(DisconnectPolicy.ABORT);
    assertThatThrownBy(() -> EngineMain.parse(new String[] {"--http-workers", "-1"}, QUIET))
        .hasMessage("--http-workers must be >= 0, was -1");
    assertThatThrownBy(() -> EngineMain.parse(new String[] {"--on-disconnect", "keep"}, QUIET))
        .hasMessage("disconnect policy must be abort or run-on, was 'keep'");
  }

  @Test
  void defaultsToPort8000AndTheDefaultProfile() {
    EngineConfig config = EngineMain.parse(new String[0], QUIET);

    assertThat(config.port()).isEqualTo(8000);
    assertThat(config.defaultProfile()).isEqualTo("qwen3-8b-like");
    assertThat(config.apiKey()).isNull();
  }

  @Test
  void acceptsTheShortFormPortThenProfile() {
    EngineConfig config = EngineMain.parse(new String[] {"9001", "qwen3-14b-like"}, QUIET);

    assertThat(config.port()).isEqualTo(9001);
    assertThat(config.defaultProfile()).isEqualTo("qwen3-14b-like");
  }

  @Test
  void helpPrintsUsageAndNoConfig() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    EngineConfig config = EngineMain.parse(new String[] {"--help"}, new PrintStream(out));

    assertThat(config).isNull();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("--api-key-env", "--header-mode");
  }

  @Test
  void theBannerTellsWhatTheKvCacheLeavesOfTheCapacityForLongPrompts() {
    assertThat(EngineMain.longPromptCapacity(ModelProfile.builtIn("qwen3-8b-like")))
        .isEqualTo("; 1.85 req/s with 2000-token prompts: the KV cache holds 3 sequences");
    assertThat(EngineMain.longPromptCapacity(ModelProfile.builtIn("tiny-fast")))
        .as("no KV-cache limit, nothing to add")
        .isEmpty();
  }

  @Test
  void badOptionsNameTheOption() {
    assertThatThrownBy(() -> EngineMain.parse(new String[] {"--port", "x"}, QUIET))
        .hasMessageContaining("--port");
    assertThatThrownBy(() -> EngineMain.parse(new String[] {"--profile", "gpt-9"}, QUIET))
        .hasMessageContaining("--profile");
    assertThatThrownBy(
            () ->
                EngineMain.parse(new String[] {"--api-key-env", "TTFTGAP_SURELY_UNSET_VAR"}, QUIET))
        .hasMessageContaining("TTFTGAP_SURELY_UNSET_VAR");
    assertThatThrownBy(() -> EngineMain.parse(new String[] {"--bogus", "1"}, QUIET))
        .hasMessageContaining("--bogus");
  }

  @Test
  void tlsAndHttp2ComeFromTheSettings() {
    Properties props = new Properties();
    props.setProperty("engine.tls", "self-signed");
    props.setProperty("engine.http2", "on");

    EngineConfig config =
        EngineMain.parse(new String[] {"--port", "0"}, QUIET, SettingsSource.of(Map.of(), props));

    assertThat(config.tls()).isEqualTo(EngineTls.selfSigned());
    assertThat(config.http2()).isTrue();
    assertThat(
            EngineMain.parse(
                    new String[] {"--port", "0"},
                    QUIET,
                    SettingsSource.of(Map.of(), new Properties()))
                .tls())
        .as("plain HTTP without settings")
        .isEqualTo(EngineTls.off());
  }

  @Test
  void aWrongTlsSettingFailsNamingIt() {
    Properties props = new Properties();
    props.setProperty("engine.tls", "maybe");

    assertThatThrownBy(
            () -> EngineMain.parse(new String[0], QUIET, SettingsSource.of(Map.of(), props)))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dengine.tls: \"maybe\"");
  }

  @Test
  void theBannerNamesTheCertificateToTrust() {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withTls(EngineTls.selfSigned()).withHttp2(true))) {
      assertThat(EngineMain.tlsBanner(engine))
          .isEqualTo(
              "  tls=self-signed http2=on certificate="
                  + engine.certificatePath().orElseThrow().toAbsolutePath());
    }
    try (EmbeddedEngine plain = EmbeddedEngine.start(EngineConfig.defaults())) {
      assertThat(EngineMain.tlsBanner(plain)).as("nothing for plain HTTP").isEmpty();
    }
  }
}
