package dev.ttftgap.preflight;

import static dev.ttftgap.preflight.LoopbackServer.completion;
import static dev.ttftgap.preflight.LoopbackServer.event;
import static dev.ttftgap.preflight.LoopbackServer.healthyEvents;
import static dev.ttftgap.preflight.LoopbackServer.json;
import static dev.ttftgap.preflight.LoopbackServer.models;
import static dev.ttftgap.preflight.LoopbackServer.notFound;
import static dev.ttftgap.preflight.LoopbackServer.path;
import static dev.ttftgap.preflight.LoopbackServer.sseHeaders;
import static dev.ttftgap.preflight.LoopbackServer.streaming;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.config.TargetNetwork;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(10)
class PreflightTest {
  private static final String MODEL = "qwen3-8b-like";
  private static final String GOOD_KEY = "sk-test-good-0123456789abcd";
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  /** vLLM-like: headers at acceptance, 50 ms prefill, 4 tokens 20 ms apart. */
  private static void healthy(HttpExchange exchange, JsonNode body) throws Exception {
    LoopbackServer.chatOnly(
        exchange,
        body,
        out -> {
          Thread.sleep(50);
          healthyEvents(out, 4, 20);
        },
        MODEL,
        "qwen3-14b-like");
  }

  /** Answers the streaming chat request; the server is {@link #healthy} for everything else. */
  @FunctionalInterface
  private interface StreamAnswer {
    void answer(HttpExchange exchange) throws Exception;
  }

  private static LoopbackServer streamingServer(StreamAnswer stream) throws IOException {
    return LoopbackServer.start(
        (exchange, body) -> {
          if (streaming(body)) {
            stream.answer(exchange);
          } else {
            healthy(exchange, body);
          }
        });
  }

  /** {@code models} answers {@code /v1/models}, {@code chat} every other path. */
  private static LoopbackServer server(LoopbackServer.Route models, LoopbackServer.Route chat)
      throws IOException {
    return LoopbackServer.start(
        (exchange, body) ->
            (path(exchange).equals("/v1/models") ? models : chat).handle(exchange, body));
  }

  private static PreflightTarget target(LoopbackServer server, Optional<String> key, String model) {
    return new PreflightTarget(
        server.url("/v1/chat/completions"), server.url("/v1/models"), key, model, TIMEOUT);
  }

  /** A healthy server whose models listing announces {@link #MODEL}'s context length. */
  private static LoopbackServer announcing(String field, int contextLength) throws IOException {
    return server(
        (exchange, body) ->
            json(
                exchange,
                200,
                "{\"object\":\"list\",\"data\":[{\"id\":\""
                    + MODEL
                    + "\",\"object\":\"model\",\""
                    + field
                    + "\":"
                    + contextLength
                    + "}]}"),
        PreflightTest::healthy);
  }

  /** {@code base} + {@code /chat/completions} and {@code /models}, no key, {@link #MODEL}. */
  private static PreflightTarget target(String base) {
    return new PreflightTarget(
        base + "/chat/completions", base + "/models", Optional.empty(), MODEL, TIMEOUT);
  }

  private static PreflightResult run(PreflightTarget target) {
    return new Preflight(target).run();
  }

  /** Preflight of {@link #MODEL} on {@code server}, without a key. */
  private static PreflightResult run(LoopbackServer server) {
    return run(target(server, Optional.empty(), MODEL));
  }

  /**
   * Preflight of {@link #MODEL} on {@code server}, without a key, for a run of {@code workload}.
   */
  private static PreflightResult run(LoopbackServer server, Preflight.PlannedWorkload workload) {
    return new Preflight(target(server, Optional.empty(), MODEL)).withWorkload(workload).run();
  }

  private static void assertNoTimings(PreflightResult result) {
    assertThat(result.ok()).as("a diagnosed target is not ok").isFalse();
    assertThat(result.ttfb()).as("a failed preflight carries no TTFB sample").isEmpty();
    assertThat(result.ttft()).as("a failed preflight carries no TTFT sample").isEmpty();
    assertThat(result.total()).as("a failed preflight carries no total sample").isEmpty();
  }

  private static Diagnosis diagnosis(PreflightResult result) {
    assertNoTimings(result);
    Diagnosis diagnosis = result.diagnosis().orElseThrow();
    assertThat(diagnosis.line()).as("a diagnosis is one line").doesNotContain("\n", "\r");
    return diagnosis;
  }

  /** {@link #diagnosis} of {@code result}, of {@code kind}, its line naming every fragment. */
  private static Diagnosis assertDiagnosed(
      PreflightResult result, Diagnosis.Kind kind, String... fragments) {
    Diagnosis diagnosis = diagnosis(result);
    assertThat(diagnosis.kind()).as("kind of: %s", diagnosis.line()).isEqualTo(kind);
    if (fragments.length > 0) {
      assertThat(diagnosis.line()).contains(fragments);
    }
    return diagnosis;
  }

  /**
   * The preflight stopped on a profile setting; its line says {@code why}, naming every fragment.
   */
  private static void assertProfileSettingRefused(
      PreflightResult result, String why, String... fragments) {
    Diagnosis diagnosis = diagnosis(result);
    assertThat(diagnosis.kind()).as("a profile setting").isEqualTo(Diagnosis.Kind.BAD_SETTING);
    assertThat(diagnosis.line()).as(why).contains(fragments);
  }

  @Test
  void healthyStreamIsOkWithHeadersAtAcceptAndTheGapVisible() throws Exception {
    try (LoopbackServer server = LoopbackServer.start(PreflightTest::healthy)) {
      PreflightResult result = run(target(server, Optional.of(GOOD_KEY), MODEL));

      assertThat(result.diagnosis()).as("no diagnosis for a healthy stream").isEmpty();
      assertThat(result.servedModels()).containsExactly(MODEL, "qwen3-14b-like");
      assertThat(result.headerTiming()).isEqualTo(PreflightResult.AT_ACCEPT);
      long ttfb = result.ttfb().orElseThrow().toMillis();
      long ttft = result.ttft().orElseThrow().toMillis();
      long total = result.total().orElseThrow().toMillis();
      assertThat(ttft - ttfb).as("the 50 ms prefill shows in the gap").isGreaterThanOrEqualTo(45);
      assertThat(total - ttft)
          .as("3 more tokens 20 ms apart follow the first")
          .isGreaterThanOrEqualTo(55);
      assertThat(server.requests()).as("models, plain chat, streaming chat").isEqualTo(3);
    }
  }

  @Test
  void aWorkloadLongerThanTheAnnouncedContextLengthFailsBeforeAnyChatRequest() throws Exception {
    try (LoopbackServer server = announcing("max_model_len", 32768)) {
      assertProfileSettingRefused(
          run(server, new Preflight.PlannedWorkload(200_000, 64)),
          "names both sides and the fix",
          "200064 tokens (200000 prompt + 64 max_tokens)",
          "a context length of 32768 for " + MODEL,
          "lower request.promptTokens");
      assertThat(server.requests()).as("only the models listing reached the server").isEqualTo(1);
    }
  }

  @Test
  void withoutAnAnnouncedContextLengthTheRunsOwnPromptMeetsTheServersLimitInThePreflight()
      throws Exception {
    try (LoopbackServer server =
        LoopbackServer.start(
            (exchange, body) -> {
              if (path(exchange).equals("/v1/models")) {
                models(exchange, MODEL);
              } else if (body.path("max_tokens").asInt() > 1000) {
                json(
                    exchange,
                    400,
                    "{\"error\":{\"message\":\"This model's maximum context length is 4096"
                        + " tokens. However, you requested 5000 tokens\"}}");
              } else {
                healthy(exchange, body);
              }
            })) {
      assertProfileSettingRefused(
          run(server, new Preflight.PlannedWorkload(10, 4990, "a long prompt")),
          "the run's request, refused, and the fix",
          "the profile's request (10 prompt tokens + 4990 max_tokens) is refused by",
          "maximum context length is 4096",
          "lower request.promptTokens");
      assertThat(server.requests())
          .as("models and the one plain request; no streaming request")
          .isEqualTo(2);
    }
  }

  @Test
  void aWorkloadWithinTheAnnouncedContextLengthPasses() throws Exception {
    try (LoopbackServer server = announcing("context_length", 32768)) {
      PreflightResult result = run(server, new Preflight.PlannedWorkload(32_000, 768));
      assertThat(result.ok()).as("32768 tokens fit exactly: %s", result.diagnosis()).isTrue();
    }
  }

  @Test
  void modelsListingAbsentIsNotFatal() throws Exception {
    try (LoopbackServer server =
        server((exchange, body) -> notFound(exchange), PreflightTest::healthy)) {
      PreflightResult result = run(server);

      assertThat(result.ok()).as("a 404 on /v1/models alone is not a diagnosis").isTrue();
      assertThat(result.servedModels()).isEmpty();
    }
  }

  private static LoopbackServer keyCheckingServer(String echoedMessage) throws Exception {
    return LoopbackServer.start(
        (exchange, body) -> {
          String auth = exchange.getRequestHeaders().getFirst("Authorization");
          if (!("Bearer " + GOOD_KEY).equals(auth)) {
            String message =
                echoedMessage + (auth == null ? "" : auth.substring("Bearer ".length()));
            json(
                exchange,
                401,
                "{\"error\":{\"message\":\""
                    + message
                    + "\",\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}}");
          } else {
            healthy(exchange, body);
          }
        });
  }

  @Test
  void unauthorizedWithoutKeySaysTheKeyIsMissing() throws Exception {
    try (LoopbackServer server = keyCheckingServer("Missing bearer token")) {
      assertDiagnosed(
          run(server),
          Diagnosis.Kind.API_KEY_MISSING,
          "401",
          "LLM_API_KEY",
          server.url("/v1/models"));
    }
  }

  @Test
  void unauthorizedWithWellFormedKeySaysRejectedAndNeverPrintsTheKey() throws Exception {
    String wrongKey = "sk-revoked-9876543210wxyz";
    try (LoopbackServer server = keyCheckingServer("Incorrect API key provided: ")) {
      Diagnosis diagnosis =
          assertDiagnosed(
              run(target(server, Optional.of(wrongKey), MODEL)), Diagnosis.Kind.API_KEY_REJECTED);
      assertThat(diagnosis.line())
          .as("the masked key names which key was rejected")
          .contains("401", "sk-…wxyz", "revoked")
          .as("the key itself never appears, even when the server echoes it")
          .doesNotContain(wrongKey);
    }
  }

  @Test
  void keyWithNewlineOrQuotesIsDiagnosedLocallyWithoutSendingIt() throws Exception {
    try (LoopbackServer server = keyCheckingServer("bad key")) {
      Diagnosis newline = diagnosis(run(target(server, Optional.of(GOOD_KEY + "\n"), MODEL)));
      Diagnosis quoted = diagnosis(run(target(server, Optional.of("\"" + GOOD_KEY + "\""), MODEL)));

      assertThat(newline.kind()).isEqualTo(Diagnosis.Kind.API_KEY_MALFORMED);
      assertThat(newline.line()).contains("line break").doesNotContain(GOOD_KEY);
      assertThat(quoted.kind()).isEqualTo(Diagnosis.Kind.API_KEY_MALFORMED);
      assertThat(quoted.line()).contains("quote", "sk-…abcd").doesNotContain(GOOD_KEY);
      assertThat(server.requests()).as("a malformed key is never sent").isZero();
    }
  }

  @Test
  void unknownModelListsServedIdsAndNearMatches() throws Exception {
    try (LoopbackServer server =
        server(
            (exchange, body) -> models(exchange, "Qwen3-8B", "Qwen3-14B", "llama-3.1-8b"),
            (exchange, body) -> {
              if (!body.path("model").asText().equals("Qwen3-8B")) {
                json(
                    exchange,
                    404,
                    "{\"object\":\"error\",\"message\":\"The model `"
                        + body.path("model").asText()
                        + "` does not exist.\",\"type\":\"NotFoundError\",\"code\":404}");
              } else {
                healthy(exchange, body);
              }
            })) {
      PreflightResult result = run(target(server, Optional.empty(), "qwen3_8b"));
      Diagnosis diagnosis = assertDiagnosed(result, Diagnosis.Kind.MODEL_NOT_FOUND);
      assertThat(diagnosis.line())
          .contains("\"qwen3_8b\"", "near matches: Qwen3-8B;", "served: Qwen3-8B, Qwen3-14B")
          .contains("LLM_MODEL");
      assertThat(result.servedModels()).containsExactly("Qwen3-8B", "Qwen3-14B", "llama-3.1-8b");
    }
  }

  /** llama.cpp-like: lists one model and answers any id from it. */
  private static LoopbackServer ignoringTheModelId() throws IOException {
    return server(
        (exchange, body) -> models(exchange, "rand-llama-106m"),
        (exchange, body) -> healthy(exchange, body));
  }

  @Test
  void anIdTheServerAnswersButDoesNotListFailsNamingTheListedOne() throws Exception {
    try (LoopbackServer server = ignoringTheModelId()) {
      PreflightResult result = run(target(server, Optional.empty(), "qwen3-8b-like"));

      assertDiagnosed(
          result,
          Diagnosis.Kind.MODEL_NOT_FOUND,
          "\"qwen3-8b-like\"",
          "does not list (it lists: rand-llama-106m)",
          "the server ignores the id",
          "set LLM_MODEL to a listed id");
    }
  }

  @Test
  void anExperimentsOtherIdsAreCheckedBeforeAnyChatRequest() throws Exception {
    try (LoopbackServer server = ignoringTheModelId()) {
      PreflightResult result =
          new Preflight(target(server, Optional.empty(), "rand-llama-106m"))
              .withOtherModels(List.of("rand-llama-106m", "qwen3-14b-like"))
              .run();

      assertDiagnosed(
          result,
          Diagnosis.Kind.MODEL_NOT_FOUND,
          "\"qwen3-14b-like\"",
          "it lists: rand-llama-106m",
          "-Dexperiment.models");
      assertThat(server.requests())
          .as("only the models listing was asked: no chat request before the check")
          .isEqualTo(1);
    }
  }

  @Test
  void listedOtherIdsPass() throws Exception {
    try (LoopbackServer server = LoopbackServer.start(PreflightTest::healthy)) {
      PreflightResult result =
          new Preflight(target(server, Optional.empty(), MODEL))
              .withOtherModels(List.of("qwen3-14b-like"))
              .run();

      assertThat(result.ok()).as("both ids are listed: %s", result.diagnosis()).isTrue();
    }
  }

  @Test
  void noModelIdListsTheServedOnesWithoutSendingAChatRequest() throws Exception {
    try (LoopbackServer server = LoopbackServer.start(PreflightTest::healthy)) {
      assertDiagnosed(
          run(target(server, Optional.empty(), null)),
          Diagnosis.Kind.BAD_SETTING,
          "LLM_MODEL",
          MODEL + ", qwen3-14b-like");
      assertThat(server.requests()).as("only the models listing").isEqualTo(1);
    }
  }

  @Test
  void doubledV1IsDiagnosedWithTheFixedBaseUrl() throws Exception {
    try (LoopbackServer server = LoopbackServer.start(PreflightTest::healthy)) {
      Diagnosis diagnosis =
          assertDiagnosed(run(target(server.url("/v1/v1"))), Diagnosis.Kind.BASE_URL_PATH);
      assertThat(diagnosis.line())
          .contains("doubled", "LLM_BASE_URL=" + server.url("/v1"))
          .doesNotContain("LLM_BASE_URL=" + server.url("/v1/v1"));
    }
  }

  @Test
  void missingV1IsDiagnosedWithTheFixedBaseUrl() throws Exception {
    try (LoopbackServer server = LoopbackServer.start(PreflightTest::healthy)) {
      assertDiagnosed(
          run(target(server.url(""))),
          Diagnosis.Kind.BASE_URL_PATH,
          "missing",
          "LLM_BASE_URL=" + server.url("/v1"));
    }
  }

  @Test
  void rateLimitedAtRestStopsBeforeAnyLoad() throws Exception {
    try (LoopbackServer server =
        server(
            (exchange, body) -> models(exchange, MODEL),
            (exchange, body) -> {
              exchange.getResponseHeaders().set("Retry-After", "20");
              json(exchange, 429, "{\"error\":{\"message\":\"Too many requests\",\"code\":429}}");
            })) {
      assertDiagnosed(
          run(server), Diagnosis.Kind.RATE_LIMITED, "429", "before any load", "Retry-After 20");
      assertThat(server.requests()).as("stops at the first 429").isEqualTo(2);
    }
  }

  private static int closedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Test
  void aStaleProxyVariableIsUsedAndNamedWhenTheConnectionIsRefused() throws Exception {
    // the seeds' case: HTTP_PROXY left pointing at a dead local port; the preflight goes through
    // it, as curl and the SDKs would, and the load would too
    String base = "http://127.0.0.1:" + closedPort() + "/v1";
    int deadProxy = closedPort();
    TargetNetwork network =
        TargetNetwork.load(
            SettingsSource.of(
                Map.of("http_proxy", "http://127.0.0.1:" + deadProxy, "PATH", "/usr/bin"),
                new Properties()));

    PreflightResult result = new Preflight(target(base).withNetwork(network)).run();
    Diagnosis diagnosis = assertDiagnosed(result, Diagnosis.Kind.CONNECTION_REFUSED);
    assertThat(diagnosis.line())
        .contains(base + "/models")
        .contains("went through proxy 127.0.0.1:" + deadProxy + " (http_proxy)", "NO_PROXY");
  }

  @Test
  void connectionRefusedWithoutProxyVariablesSaysNoneAreSet() throws Exception {
    String base = "http://127.0.0.1:" + closedPort() + "/v1";
    PreflightTarget target =
        new PreflightTarget(base + "/chat/completions", null, Optional.empty(), MODEL, TIMEOUT);

    assertDiagnosed(
        new Preflight(target).run(),
        Diagnosis.Kind.CONNECTION_REFUSED,
        base + "/chat/completions",
        "connected directly: no HTTPS_PROXY, HTTP_PROXY or ALL_PROXY applies");
  }

  @Test
  void httpsToAPlainHttpServerIsATlsFailure() throws Exception {
    // a plain HTTP server answers the TLS ClientHello with a plain-text 400 and closes
    try (ServerSocket plain = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      Thread answerer =
          new Thread(
              () -> {
                while (!plain.isClosed()) {
                  try (Socket socket = plain.accept()) {
                    socket.getInputStream().read(new byte[512]);
                    socket
                        .getOutputStream()
                        .write(
                            "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                  } catch (IOException e) {
                    return;
                  }
                }
              });
      answerer.setDaemon(true);
      answerer.start();
      String https = "https://127.0.0.1:" + plain.getLocalPort() + "/v1";
      assertDiagnosed(run(target(https)), Diagnosis.Kind.TLS_FAILURE, https + "/models", "http://");
    }
  }

  @Test
  void stalledServerTimesOut() throws Exception {
    try (LoopbackServer server =
        LoopbackServer.start(
            (exchange, body) -> {
              Thread.sleep(2_000);
              healthy(exchange, body);
            })) {
      PreflightTarget target =
          new PreflightTarget(
              server.url("/v1/chat/completions"),
              null,
              Optional.empty(),
              MODEL,
              Duration.ofMillis(300));

      assertDiagnosed(run(target), Diagnosis.Kind.TIMEOUT, "300 ms");
    }
  }

  /** Six events written in one go 300 ms after the headers, as a buffering proxy passes them. */
  private static void allEventsAtOnceAtTheEnd(HttpExchange exchange) throws Exception {
    OutputStream out = sseHeaders(exchange);
    Thread.sleep(300);
    StringBuilder all = new StringBuilder();
    for (String data :
        new String[] {
          LoopbackServer.roleChunk(),
          LoopbackServer.contentChunk("a"),
          LoopbackServer.contentChunk("b"),
          LoopbackServer.contentChunk("c"),
          LoopbackServer.finishChunk(),
          "[DONE]"
        }) {
      all.append("data: ").append(data).append("\n\n");
    }
    out.write(all.toString().getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static void plainJson(HttpExchange exchange) throws Exception {
    completion(exchange, MODEL);
  }

  private static void errorEventAfterTheRole(HttpExchange exchange) throws Exception {
    OutputStream out = sseHeaders(exchange);
    event(out, LoopbackServer.roleChunk());
    event(out, "{\"error\":{\"message\":\"upstream overloaded\",\"code\":503}}");
    event(out, "[DONE]");
  }

  private static void twoTokensWithoutDone(HttpExchange exchange) throws Exception {
    OutputStream out = sseHeaders(exchange);
    event(out, LoopbackServer.contentChunk("a"));
    Thread.sleep(20);
    event(out, LoopbackServer.contentChunk("b"));
  }

  /**
   * Answers to the streaming request that a load run could not measure, each with its diagnosis:
   * the header timing is judged only on a stream that ended well, or on one that came whole.
   */
  static Stream<Arguments> unmeasurableStreams() {
    return Stream.of(
        Arguments.of(
            (StreamAnswer) PreflightTest::plainJson,
            Diagnosis.Kind.STREAM_IGNORED,
            List.of("stream ignored", "application/json"),
            PreflightResult.BUFFERED),
        Arguments.of(
            (StreamAnswer) PreflightTest::allEventsAtOnceAtTheEnd,
            Diagnosis.Kind.STREAM_BUFFERED,
            List.of("TTFT would equal total time", "6 events"),
            PreflightResult.BUFFERED),
        Arguments.of(
            (StreamAnswer) PreflightTest::errorEventAfterTheRole,
            Diagnosis.Kind.STREAM_ERROR,
            List.of("upstream overloaded"),
            PreflightResult.UNKNOWN),
        Arguments.of(
            (StreamAnswer) PreflightTest::twoTokensWithoutDone,
            Diagnosis.Kind.NO_DONE,
            List.of(),
            PreflightResult.UNKNOWN));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("unmeasurableStreams")
  void aStreamTheLoadCouldNotMeasureIsDiagnosed(
      StreamAnswer answer, Diagnosis.Kind kind, List<String> fragments, String headerTiming)
      throws Exception {
    try (LoopbackServer server = streamingServer(answer)) {
      PreflightResult result = run(server);
      assertDiagnosed(result, kind, fragments.toArray(String[]::new));
      assertThat(result.headerTiming()).as("header timing of a %s", kind).isEqualTo(headerTiming);
    }
  }

  @Test
  void headersHeldUntilTheFirstTokenIsOkButReportedAsWithFirstToken() throws Exception {
    try (LoopbackServer server =
        streamingServer(
            exchange -> {
              Thread.sleep(300);
              OutputStream out = sseHeaders(exchange);
              event(out, LoopbackServer.contentChunk("first"));
              healthyEvents(out, 3, 20);
            })) {
      PreflightResult result = run(server);

      assertThat(result.ok())
          .as("SGLang-style header timing is not an error: %s", result.diagnosis())
          .isTrue();
      assertThat(result.headerTiming()).isEqualTo(PreflightResult.WITH_FIRST_TOKEN);
      assertThat(result.ttfb().orElseThrow().toMillis())
          .as("TTFB includes the 300 ms wait")
          .isGreaterThanOrEqualTo(290);
      assertThat(result.summaryLine()).contains("the gap hides in TTFB");
    }
  }
}
