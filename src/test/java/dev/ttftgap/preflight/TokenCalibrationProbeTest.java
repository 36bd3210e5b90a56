package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.profile.LoadProfiles;
import dev.ttftgap.profile.PlannedRequest;
import dev.ttftgap.profile.PromptBuilder;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.tokens.TokenCalibration;
import dev.ttftgap.tokens.TokenCounter;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TokenCalibrationProbeTest {
  private static final String MODEL = "rand-llama-106m";
  private static final double RATIO = 1.3;
  private static final int TEMPLATE_TOKENS = 12;
  private static final int PER_EXTRA_MESSAGE = 5;

  /** The test server's own tokenizer: 1.3 tokens per cl100k token. */
  private static int served(String content) {
    return (int) Math.round(RATIO * TokenCounter.count(content));
  }

  /** Its usage.prompt_tokens: the contents, 12 template tokens and 5 per further message. */
  private static int usage(JsonNode body) {
    int tokens = TEMPLATE_TOKENS - PER_EXTRA_MESSAGE;
    for (JsonNode message : body.path("messages")) {
      tokens += served(message.path("content").asText()) + PER_EXTRA_MESSAGE;
    }
    return tokens;
  }

  /**
   * A server counting 1.3 × cl100k plus a template: with {@code tokenize} "count" (vLLM, SGLang),
   * "tokens" (llama.cpp) or "none" (404, as a server without it).
   */
  private static LoopbackServer server(String tokenize, AtomicInteger lastUsage)
      throws IOException {
    return LoopbackServer.start(
        (exchange, body) -> {
          String path = LoopbackServer.path(exchange);
          if (path.equals("/tokenize") && !tokenize.equals("none")) {
            tokenize(exchange, body, tokenize);
          } else if (path.equals("/v1/chat/completions")) {
            int prompt = usage(body);
            lastUsage.set(prompt);
            LoopbackServer.json(
                exchange,
                200,
                "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
                    + "\"message\":{\"role\":\"assistant\",\"content\":\"OK\"},"
                    + "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":"
                    + prompt
                    + ",\"completion_tokens\":1,\"total_tokens\":"
                    + (prompt + 1)
                    + "}}");
          } else {
            LoopbackServer.notFound(exchange);
          }
        });
  }

  private static void tokenize(HttpExchange exchange, JsonNode body, String shape)
      throws IOException {
    String text = body.path(shape.equals("count") ? "prompt" : "content").asText();
    int n = served(text);
    if (shape.equals("count")) {
      LoopbackServer.json(exchange, 200, "{\"count\":" + n + ",\"max_model_len\":8192}");
      return;
    }
    StringBuilder tokens = new StringBuilder();
    for (int i = 0; i < n; i++) {
      tokens.append(i == 0 ? "" : ",").append(100 + i);
    }
    LoopbackServer.json(exchange, 200, "{\"tokens\":[" + tokens + "]}");
  }

  private static PreflightTarget target(String chatUrl) {
    return new PreflightTarget(chatUrl, null, Optional.empty(), MODEL, Duration.ofSeconds(5));
  }

  private static TokenCalibrationProbe.Result probe(String chatUrl) {
    return new TokenCalibrationProbe(target(chatUrl))
        .run(
            PromptBuilder.promptOfTokens(TokenCalibrationProbe.SHORT_TOKENS, 1),
            PromptBuilder.promptOfTokens(TokenCalibrationProbe.LONG_TOKENS, 2));
  }

  @ParameterizedTest(name = "tokenize {0}")
  @ValueSource(strings = {"count", "tokens", "none"})
  void theProbeFindsTheServersRatioAndTemplateOverhead(String tokenize) throws Exception {
    try (LoopbackServer server = server(tokenize, new AtomicInteger())) {
      TokenCalibrationProbe.Result result = probe(server.url("/v1/chat/completions"));

      TokenCalibration calibration = result.calibration();
      assertThat(calibration.source())
          .as("the tokenizer when the server has one, else usage")
          .isEqualTo(
              tokenize.equals("none")
                  ? TokenCalibration.Source.USAGE
                  : TokenCalibration.Source.TOKENIZE);
      assertThat(calibration.servedPerCl100k()).as("ratio").isCloseTo(RATIO, within(0.01));
      assertThat(calibration.overheadTokens())
          .as("the chat template's fixed tokens, not mistaken for a longer tokenizer")
          .isCloseTo(TEMPLATE_TOKENS, within(1.0));
      assertThat(result.describe())
          .startsWith("prompt lengths in the served model's tokens: 1.30 per cl100k token + 12");
    }
  }

  /** Tolerance stated in TokenCalibration: ±max(2 tokens, 2 %) for a one-message request. */
  @ParameterizedTest(name = "{0} tokens")
  @ValueSource(ints = {20, 100, 500, 2000})
  void calibratedPromptsAreTheAskedLengthInTheServersTokens(int asked) throws Exception {
    AtomicInteger lastUsage = new AtomicInteger();
    try (LoopbackServer server = server("none", lastUsage)) {
      TokenCalibration calibration = probe(server.url("/v1/chat/completions")).calibration();
      RequestShape shape =
          LoadProfiles.parse(
                  "{\"name\": \"t\", \"request\": {\"promptTokens\": "
                      + asked
                      + "}, \"load\": {\"steps\": [1], \"stepDurationSeconds\": 10}}",
                  "t.json")
              .request();
      RequestFactory factory = RequestFactory.of(shape, Optional.of(MODEL), calibration);

      for (int i = 0; i < 5; i++) {
        PlannedRequest request = factory.single(i);
        int servedTokens = usage(LoopbackServer.JSON.readTree(request.json()));
        assertThat(request.promptTokens()).as("asked length recorded").isEqualTo(asked);
        assertThat((double) servedTokens)
            .as("request %d: served length of a %d-token prompt", i, asked)
            .isCloseTo(asked, within(Math.max(2.0, 0.02 * asked)));
      }
      PlannedRequest uncalibrated =
          RequestFactory.of(shape, Optional.of(MODEL), TokenCalibration.NONE).single(0);
      assertThat(usage(LoopbackServer.JSON.readTree(uncalibrated.json())))
          .as("without calibration the same profile is ~1.3 × longer plus the template")
          .isGreaterThan(asked + TEMPLATE_TOKENS);
    }
  }

  @Test
  void theEmbeddedEngineIsCalibratedAtOnePerCl100kToken() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      TokenCalibrationProbe.Result result =
          new TokenCalibrationProbe(
                  new PreflightTarget(
                      engine.baseUrl() + "/chat/completions",
                      engine.baseUrl() + "/models",
                      Optional.empty(),
                      "qwen3-8b-like",
                      Duration.ofSeconds(5)))
              .run(
                  PromptBuilder.promptOfTokens(TokenCalibrationProbe.SHORT_TOKENS, 1),
                  PromptBuilder.promptOfTokens(TokenCalibrationProbe.LONG_TOKENS, 2));

      assertThat(result.calibration().source())
          .as("the engine has no /tokenize: usage")
          .isEqualTo(TokenCalibration.Source.USAGE);
      assertThat(result.calibration().servedPerCl100k())
          .as("the engine counts with cl100k")
          .isCloseTo(1.0, within(0.001));
      assertThat(result.calibration().overheadTokens())
          .as("3 priming + 4 per message")
          .isCloseTo(7.0, within(0.001));
    }
  }

  @Test
  void aServerWithoutUsageOrTokenizeLeavesLengthsInCl100kAndSaysWhy() throws Exception {
    try (LoopbackServer server =
        LoopbackServer.start(
            (exchange, body) -> {
              if (LoopbackServer.path(exchange).equals("/v1/chat/completions")) {
                LoopbackServer.json(
                    exchange,
                    200,
                    "{\"id\":\"c\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
                        + "\"message\":{\"role\":\"assistant\",\"content\":\"OK\"}}]}");
              } else {
                LoopbackServer.notFound(exchange);
              }
            })) {
      TokenCalibrationProbe.Result result = probe(server.url("/v1/chat/completions"));

      assertThat(result.calibration()).as("nothing measured").isEqualTo(TokenCalibration.NONE);
      assertThat(result.describe())
          .isEqualTo(
              "prompt lengths in cl100k tokens (not calibrated against the target): the server"
                  + " reported no usage.prompt_tokens and has no /tokenize");
    }
  }

  @Test
  void theTokenizeUrlIsAtTheServersRootWithoutTheVersion() {
    assertThat(new TokenCalibrationProbe(target("http://h:8000/v1/chat/completions")).tokenizeUrl())
        .isEqualTo("http://h:8000/tokenize");
    assertThat(new TokenCalibrationProbe(target("http://h/api/chat/completions")).tokenizeUrl())
        .isEqualTo("http://h/api/tokenize");
  }
}
