package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TargetNetworkTest {
  private static TargetNetwork load(Map<String, String> env, Properties props) {
    return TargetNetwork.load(SettingsSource.of(env, props));
  }

  @Test
  void theDefaultIsDirectHttp11WithTheJvmsCas() {
    TargetNetwork network = load(Map.of(), new Properties());

    assertThat(network).isEqualTo(TargetNetwork.DIRECT);
    assertThat(network.describe(URI.create("https://api.example.com/v1")))
        .isEqualTo("HTTP/1.1, direct, the JVM's CAs");
    assertThat(network.describe(URI.create("http://127.0.0.1:8000/v1")))
        .isEqualTo("HTTP/1.1, direct");
    assertThat(network.clientBuilder().build().version()).isEqualTo(HttpClient.Version.HTTP_1_1);
  }

  @Test
  void http2IsOfferedWhenAsked() {
    Properties props = new Properties();
    props.setProperty("llm.http", "2");
    TargetNetwork network = load(Map.of("HTTPS_PROXY", "http://p:3128"), props);

    assertThat(network.httpVersion()).isEqualTo(HttpVersion.HTTP_2);
    assertThat(network.clientBuilder().build().version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(network.describe(URI.create("https://api.example.com/v1")))
        .isEqualTo("HTTP/2 offered, proxy p:3128 (HTTPS_PROXY), the JVM's CAs");
  }

  @Test
  void aWrongHttpVersionFailsWithOneLine() {
    assertThatThrownBy(() -> load(Map.of("LLM_HTTP_VERSION", "3"), new Properties()))
        .isInstanceOf(SettingsException.class)
        .hasMessage("LLM_HTTP_VERSION=3: not an HTTP version; use 1.1 or 2");
  }
}
