package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class PreflightMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(Map<String, String> env) {
    return PreflightMain.run(
        env,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private static LoopbackServer server() throws Exception {
    return LoopbackServer.start(
        (exchange, body) -> {
          String path = LoopbackServer.path(exchange);
          if (path.equals("/v1/models")) {
            LoopbackServer.models(exchange, "m");
          } else if (!"Bearer sk-main-test-0123456789"
              .equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            LoopbackServer.json(exchange, 401, "{\"error\":{\"message\":\"bad key\"}}");
          } else if (!LoopbackServer.streaming(body)) {
            LoopbackServer.completion(exchange, "m");
          } else {
            OutputStream stream = LoopbackServer.sseHeaders(exchange);
            Thread.sleep(30);
            LoopbackServer.healthyEvents(stream, 3, 10);
          }
        });
  }

  @Test
  void healthyTargetExitsZeroAndPrintsTimings() throws Exception {
    try (LoopbackServer server = server()) {
      int code =
          run(
              Map.of(
                  "OPENAI_BASE_URL", server.url("/v1/"),
                  "OPENAI_API_KEY", "sk-main-test-0123456789",
                  "LLM_MODEL", "m"));

      assertThat(code).as("stderr: %s", err).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8))
          .startsWith("preflight ok: TTFB ")
          .contains("headers at-accept", "served models: m");
    }
  }

  @Test
  void llmVariablesWinOverOpenAiOnesAndADiagnosisExitsOne() throws Exception {
    try (LoopbackServer server = server()) {
      int code =
          run(
              Map.of(
                  "LLM_BASE_URL", server.url("/v1"),
                  "OPENAI_BASE_URL", "http://127.0.0.1:1/v1",
                  "LLM_API_KEY", "sk-wrong-key-000000000",
                  "OPENAI_API_KEY", "sk-main-test-0123456789",
                  "LLM_MODEL", "m"));

      assertThat(code).isEqualTo(1);
      assertThat(err.toString(StandardCharsets.UTF_8))
          .startsWith("preflight failed: API_KEY_REJECTED: 401 from " + server.url("/v1"))
          .contains("sk-…0000")
          .doesNotContain("sk-wrong-key-000000000");
    }
  }

  /** A server with its API at the root (like Perplexity's): no models listing, 404 elsewhere. */
  private static LoopbackServer rootServer() throws Exception {
    return LoopbackServer.start(
        (exchange, body) -> {
          if (!LoopbackServer.path(exchange).equals("/chat/completions")) {
            LoopbackServer.notFound(exchange);
          } else if (!LoopbackServer.streaming(body)) {
            LoopbackServer.completion(exchange, "m");
          } else {
            LoopbackServer.healthyEvents(LoopbackServer.sseHeaders(exchange), 3, 10);
          }
        });
  }

  @Test
  void serverAtTheRootIsDiagnosedWithAnAsIsFixThatWorks() throws Exception {
    try (LoopbackServer server = rootServer()) {
      int code = run(Map.of("LLM_BASE_URL", server.url(""), "LLM_MODEL", "m"));

      String diagnosis = err.toString(StandardCharsets.UTF_8);
      String fix = "set LLM_BASE_URL=" + server.url("") + " LLM_BASE_URL_AS_IS=true";
      assertThat(code).isEqualTo(1);
      assertThat(diagnosis)
          .as("/v1 is appended to a versionless base, so the fix must turn that off")
          .startsWith(
              "preflight failed: BASE_URL_PATH: 404 on " + server.url("/v1/chat/completions"))
          .contains(fix);

      err.reset();
      int fixed =
          run(
              Map.of(
                  "LLM_BASE_URL", server.url(""), "LLM_BASE_URL_AS_IS", "true", "LLM_MODEL", "m"));

      assertThat(fixed).as("the suggested fix passes the preflight; stderr: %s", err).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("preflight ok: TTFB ");
    }
  }

  @Test
  void missingBaseUrlExitsTwoNamingTheVariable() {
    assertThat(run(Map.of("LLM_MODEL", "m"))).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("LLM_BASE_URL is not set");
  }

  @Test
  void missingModelListsTheServedIds() throws Exception {
    try (LoopbackServer server = server()) {
      int code = run(Map.of("LLM_BASE_URL", server.url("/v1")));

      assertThat(code).isEqualTo(1);
      assertThat(err.toString(StandardCharsets.UTF_8))
          .contains("BAD_SETTING: no model id: set LLM_MODEL to one of: m");
    }
  }

  @Test
  void targetDerivesBothUrlsFromTheBaseWithOrWithoutV1AndTreatsAnEmptyKeyAsNone() {
    for (String base : java.util.List.of("http://h:8000/v1/", "http://h:8000")) {
      PreflightTarget target =
          PreflightMain.targetOf(
              dev.ttftgap.config.Settings.load(
                  Map.of(
                      "LLM_BASE_URL",
                      base,
                      "LLM_API_KEY",
                      "",
                      "OPENAI_API_KEY",
                      "",
                      "LLM_MODEL",
                      "m"),
                  new java.util.Properties()));

      assertThat(target.chatCompletionsUrl())
          .as("chat URL from %s", base)
          .isEqualTo("http://h:8000/v1/chat/completions");
      assertThat(target.modelsUrl())
          .as("models URL from %s", base)
          .isEqualTo("http://h:8000/v1/models");
      assertThat(target.apiKey()).as("an empty key is no key").isEmpty();
    }
  }

  @Test
  void malformedKeyExitsTwoWithoutSendingIt() {
    assertThat(
            run(
                Map.of(
                    "LLM_BASE_URL",
                    "http://127.0.0.1:1/v1",
                    "LLM_API_KEY",
                    "\"sk-quoted-0123456789\"",
                    "LLM_MODEL",
                    "m")))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("LLM_API_KEY")
        .doesNotContain("sk-quoted-0123456789");
  }
}
