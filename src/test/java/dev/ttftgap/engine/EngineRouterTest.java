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

  /** A chat completions POST as raw bytes, in the given HTTP version and content type. */
  private static String post(String version, String contentType, String body) {
    return "POST /v1/chat/completions "
        + version
        + "\r\nHost: engine\r\nContent-Type: "
        + contentType
        + "\r\nContent-Length: "
        + body.length()
        + "\r\n\r\n"
        + body;
  }

  /** Sends a default engine one request as {@link EngineChannels#request}; its answer. */
  private String answer(String method, String path, String headers, String body) {
    engine = new EngineChannels(EngineConfig.defaults());
    engine.request(method, path, headers, body);
    return engine.output();
  }

  /** Sends a default engine a one-token streaming chat request as {@link #post}; its answer. */
  private String postOneTokenStream(String version, String contentType) {
    engine = new EngineChannels(EngineConfig.defaults());
    engine.raw(post(version, contentType, StreamProbe.chat("qwen3-8b-like", "x", 1, true, "")));
    return engine.output();
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
    String out = answer(method, path, "", null);

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
  void oversizedHeadersGet400WithConnectionCloseAndTheConnectionCloses() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults());

    engine.raw(
        "GET /health HTTP/1.1\r\nHost: engine\r\nX-Big: "
            + "x".repeat(10_000)
            + "\r\n\r\nGET /health HTTP/1.1\r\nHost: engine\r\n\r\n");
    engine.channel.runPendingTasks();

    String out = engine.output();
    assertThat(out).as("a 400 naming the problem").startsWith("HTTP/1.1 400");
    assertThat(out.toLowerCase(java.util.Locale.ROOT))
        .as("says it closes")
        .contains("connection: close");
    assertThat(error(out).path("message").asText())
        .as("the codec's reason")
        .contains("Malformed HTTP request")
        .contains("the connection is closed");
    assertThat(engine.channel.isOpen()).as("closed: the framing is lost").isFalse();
  }

  @Test
  void aNonJsonContentTypeGets400NamingIt() throws Exception {
    String out = postOneTokenStream("HTTP/1.1", "text/plain");

    assertThat(out).startsWith("HTTP/1.1 400");
    assertThat(error(out).path("message").asText())
        .isEqualTo("Content-Type must be application/json, was 'text/plain'");
  }

  @Test
  void aStreamOverHttp10Gets505() throws Exception {
    String out = postOneTokenStream("HTTP/1.0", "application/json");

    assertThat(out).as("refused, not chunked at a client that cannot read it").contains(" 505 ");
    assertThat(out).as("no chunked body").doesNotContain("transfer-encoding: chunked");
    assertThat(error(out).path("message").asText()).contains("Streaming needs HTTP/1.1");
    assertThat(engine.channel.isOpen()).as("HTTP/1.0 without keep-alive: closed").isFalse();
  }

  @Test
  void pipelinedRequestsAreAnsweredInOrder() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults().withProfile("tiny-fast"));
    String body = StreamProbe.chat("tiny-fast", "hello", 3, true, "");
    String post = post("HTTP/1.1", "application/json", body);

    engine.raw(post + "GET /health HTTP/1.1\r\nHost: engine\r\n\r\n" + post);
    String out =
        engine.pumpUntil(
            o -> o.split("data: \\[DONE\\]", -1).length == 3 && o.endsWith("0\r\n\r\n"), 5000);

    int firstDone = out.indexOf("data: [DONE]");
    int health = out.indexOf("HTTP/1.1 200", out.indexOf("HTTP/1.1 200") + 1);
    int lastDone = out.lastIndexOf("data: [DONE]");
    assertThat(out.split("HTTP/1.1 200", -1)).as("three answers").hasSize(4);
    assertThat(firstDone)
        .as("the first stream ends before the second answer starts")
        .isLessThan(health);
    assertThat(health).as("then the health answer, then the second stream").isLessThan(lastDone);
    assertThat(firstDone).as("two streams").isLessThan(lastDone);
  }

  @Test
  void headersThatDoNotArriveInTimeGet408AndTheConnectionCloses() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults(), 50);

    engine.raw("GET /health HTTP/1.1\r\nHost: eng");
    String out = engine.pumpUntil(o -> o.contains("408"), 2000);

    assertThat(out).as("408 after the deadline").startsWith("HTTP/1.1 408 Request Timeout");
    assertThat(engine.channel.isOpen()).as("closed").isFalse();
  }

  @Test
  void anIdleKeepAliveConnectionIsNotTimed() throws Exception {
    engine = new EngineChannels(EngineConfig.defaults(), 50);

    engine.raw("GET /health HTTP/1.1\r\nHost: engine\r\n\r\n");
    String out = engine.pumpUntil(o -> false, 200);

    assertThat(out).as("answered").startsWith("HTTP/1.1 200").doesNotContain("408");
    assertThat(engine.channel.isOpen()).as("kept alive past the deadline").isTrue();
  }

  @Test
  void malformedJsonGets400() throws Exception {
    String out = answer("POST", "/v1/chat/completions", "", "{\"messages\": [");

    assertThat(out).startsWith("HTTP/1.1 400");
    assertThat(error(out).path("type").asText()).isEqualTo("invalid_request_error");
  }

  @Test
  void badFaultHeaderGets400NamingTheHeader() throws Exception {
    String out =
        answer(
            "POST",
            "/v1/chat/completions",
            "X-Sim-Fault: explode\r\n",
            StreamProbe.chat("qwen3-8b-like", "x", 1, true, ""));

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
