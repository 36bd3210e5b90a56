package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class ApiRootTest {

  @Test
  void theEndpointsHangFromTheRootAndMetricsFromItsOrigin() {
    ApiRoot root = ApiRoot.parse("-Dllm.baseUrl", "https://gw.example.com:8443/api/", false);

    assertThat(root.uri())
        .as("a versionless path gains /v1")
        .isEqualTo(URI.create("https://gw.example.com:8443/api/v1"));
    assertThat(root.chatCompletions())
        .isEqualTo("https://gw.example.com:8443/api/v1/chat/completions");
    assertThat(root.models()).isEqualTo("https://gw.example.com:8443/api/v1/models");
    assertThat(root.metrics())
        .as("/metrics at the origin, as vLLM, SGLang, TGI and llama.cpp serve it")
        .isEqualTo(URI.create("https://gw.example.com:8443/metrics"));
  }

  @Test
  void aPastedEndpointIsCutBackToItsRoot() {
    assertThat(ApiRoot.parse("LLM_BASE_URL", "http://h:8000/v1/chat/completions/", false))
        .as("the path is never doubled")
        .isEqualTo(ApiRoot.of("http://h:8000/v1"));
  }

  @Test
  void settingsGiveTheRootTheirUrlsComeFrom() {
    Settings settings =
        Settings.load(
            java.util.Map.of("LLM_BASE_URL", "http://h:8000"), new java.util.Properties());

    assertThat(settings.apiRoot()).isEqualTo(ApiRoot.of("http://h:8000/v1"));
    assertThat(settings.chatCompletionsUrl()).isEqualTo(settings.apiRoot().chatCompletions());
  }

  @Test
  void eachApiHasItsEndpointAndAPastedOneIsCutBack() {
    ApiRoot root = ApiRoot.of("http://h:8000/v1");
    assertThat(root.endpoint(dev.ttftgap.stream.Api.CHAT))
        .isEqualTo("http://h:8000/v1/chat/completions");
    assertThat(root.endpoint(dev.ttftgap.stream.Api.COMPLETIONS))
        .isEqualTo("http://h:8000/v1/completions");
    assertThat(root.endpoint(dev.ttftgap.stream.Api.RESPONSES))
        .isEqualTo("http://h:8000/v1/responses");
    assertThat(root.endpoint(dev.ttftgap.stream.Api.MESSAGES))
        .isEqualTo("http://h:8000/v1/messages");
    for (String endpoint : java.util.List.of("completions", "responses", "messages/")) {
      assertThat(ApiRoot.parse("LLM_BASE_URL", "http://h:8000/v1/" + endpoint, false))
          .as(endpoint)
          .isEqualTo(root);
    }
  }
}
