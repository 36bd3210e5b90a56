package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.servermetrics.MetricsDialect;
import java.net.URI;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ServerViewSettingsTest {

  @Test
  void byDefaultScrapesTheBaseUrlsOriginAndSendsNoAcceptEncoding() {
    ServerViewSettings settings = ServerViewSettings.load(new Properties());

    assertThat(settings.metricsUrlFor("https://gw.example.com:8443/api/v1"))
        .as("origin + /metrics, whatever the API path")
        .contains(URI.create("https://gw.example.com:8443/metrics"));
    assertThat(settings.engineMetricsDialect()).isEqualTo(MetricsDialect.VLLM);
    assertThat(settings.acceptEncoding()).as("no Accept-Encoding unless asked").isEmpty();
  }

  @Test
  void anExplicitUrlWinsAndOffTurnsScrapingOff() {
    assertThat(
            ServerViewSettings.load(props("metrics.url", "http://10.0.0.5:9400/metrics"))
                .metricsUrlFor("http://10.0.0.5:8000/v1"))
        .contains(URI.create("http://10.0.0.5:9400/metrics"));
    assertThat(ServerViewSettings.load(props("metrics.url", "OFF")).metricsUrlFor("http://h/v1"))
        .as("-Dmetrics.url=off")
        .isEmpty();
  }

  @Test
  void badValuesFailWithOneLineNamingTheProperty() {
    assertThatThrownBy(() -> ServerViewSettings.load(props("metrics.url", "localhost:8000")))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dmetrics.url:");
    assertThatThrownBy(() -> ServerViewSettings.load(props("engine.metricsDialect", "ollama")))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dengine.metricsDialect:")
        .hasMessageContaining("sglang");
    assertThatThrownBy(() -> ServerViewSettings.load(props("client.acceptEncoding", "gzip, br")))
        .as("brotli is not decoded by Gatling's inflater")
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dclient.acceptEncoding: 'br'");
    assertThat(ServerViewSettings.load(props("client.acceptEncoding", "gzip")).acceptEncoding())
        .contains("gzip");
  }

  private static Properties props(String key, String value) {
    Properties props = new Properties();
    props.setProperty(key, value);
    return props;
  }
}
