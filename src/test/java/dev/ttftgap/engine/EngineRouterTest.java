package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Routing, authentication and error responses on an EmbeddedChannel. */
class EngineRouterTest {
  private EngineChannels engine;

  @AfterEach
  void noLeaks() {
    engine.output();
    assertThat(engine.channel.finishAndReleaseAll()).as("nothing left unread").isFalse();
  }

  private static JsonNode error(String out) throws Exception {
    return StreamProbe.JSON.readTree(out.substring(out.indexOf("\r\n\r\n") + 4)).path("error");
  }

  @ParameterizedTest(name = "{0} {1} -> {2}")
  @CsvSource({
    "GET, /v1/chat/completions, 405",
    "DELETE, /v1/models, 405",
    "GET, /v1/nope, 404",
    "POST, /health, 405",
    "GET, /, 404",
  })
  void wrongMethodOrPathGetsAnOpenAiError(String method, String path, int status) throws Exception {
    engine = new EngineChannels(EngineConfig.defaults());

    engine.request(method, path, "", null);

    String out = engine.output();
    assertThat(out).startsWith("HTTP/1.1 " + status);
    assertThat(error(out).path("message").asText()).isNotBlank();
    if (status == 405) {
      assertThat(out.toLowerCase()).contains("allow:");
    }
  }

  @Test
  void missingOrWrongBearerKeyGets401AndTheRightOnePasses() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults().withApiKey("secret-1"));

    engine.request("GET", "/v1/models", "", null);
    String missing = engine.output();
    engine.request("GET", "/v1/models", "Authorization: Bearer secret-2\r\n", null);
    String wrong = engine.output().substring(missing.length());
    engine.request("GET", "/v1/models", "Authorization: Bearer secret-1\r\n", null);
    String right = engine.output().substring(missing.length() + wrong.length());

    assertThat(missing).startsWith("HTTP/1.1 401");
    assertThat(wrong).startsWith("HTTP/1.1 401").doesNotContain("secret");
    assertThat(error(wrong).path("code").asText()).isEqualTo("invalid_api_key");
    assertThat(right).startsWith("HTTP/1.1 200").contains("qwen3-8b-like");
  }

  @Test
  void bodyOverTheLimitGets413AndTheConnectionCloses() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults().withMaxBodyBytes(1024));

    engine.request(
        "POST", "/v1/chat/completions", "", "{\"messages\":\"" + "x".repeat(2000) + "\"}");

    String out = engine.output();
    assertThat(out).startsWith("HTTP/1.1 413");
    assertThat(error(out).path("code").asText()).isEqualTo("request_too_large");
    assertThat(engine.channel.isOpen()).isFalse();
  }

  @Test
  void malformedJsonGets400() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults());

    engine.request("POST", "/v1/chat/completions", "", "{\"messages\": [");

    String out = engine.output();
    assertThat(out).startsWith("HTTP/1.1 400");
    assertThat(error(out).path("type").asText()).isEqualTo("invalid_request_error");
  }

  @Test
  void badFaultHeaderGets400NamingTheHeader() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults());

    engine.request(
        "POST",
        "/v1/chat/completions",
        "X-Sim-Fault: explode\r\n",
        StreamProbe.chat("qwen3-8b-like", "x", 1, true, ""));

    String out = engine.output();
    assertThat(out).startsWith("HTTP/1.1 400");
    assertThat(error(out).path("message").asText()).contains("X-Sim-Fault");
  }

  @Test
  void healthAndProfilesAnswerWithoutKey() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults());

    engine.request("GET", "/health", "", null);
    engine.request("GET", "/v1/engine/profiles", "", null);

    String out = engine.output();
    assertThat(out).contains("{\"status\":\"ok\"}").contains("\"saturation_rate_per_second\":7.89");
  }
}
