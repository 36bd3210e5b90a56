package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.stream.ChunkKind;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The preflight against servers that speak one API only: the right API passes, a wrong one is
 * named.
 */
@Timeout(20)
class WrongApiTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final String KEY = "sk-ant-test-0123456789wxyz";

  private static PreflightTarget target(OneApiServer server, Api api, Optional<String> key) {
    return new PreflightTarget(
            server.url("/v1/chat/completions"),
            server.url("/v1/models"),
            key,
            OneApiServer.MODEL,
            TIMEOUT)
        .withApi(api);
  }

  /**
   * A chat server: models listing, 404 off {@code /v1/chat/completions}, a plain completion, and
   * {@code stream} for a streaming request.
   */
  private static LoopbackServer chatServer(LoopbackServer.StreamWriter stream) throws IOException {
    return LoopbackServer.start(
        (exchange, body) -> LoopbackServer.chatOnly(exchange, body, stream, OneApiServer.MODEL));
  }

  /** The preflight of {@code api} with {@code path} as the configured URL, no key. */
  private static PreflightResult runAt(LoopbackServer server, String path, Api api) {
    PreflightTarget target =
        new PreflightTarget(
                server.url(path),
                server.url("/v1/models"),
                Optional.empty(),
                OneApiServer.MODEL,
                TIMEOUT)
            .withApi(api);
    return new Preflight(target).run();
  }

  private static PreflightResult run(OneApiServer server, Api api) {
    return new Preflight(target(server, api, Optional.empty())).run();
  }

  /** Whether the stream grammars (issue 25, stream package) read {@code api}'s content events. */
  private static boolean grammarReads(Api api) {
    String[] content = OneApiServer.events(api).get(api == Api.COMPLETIONS ? 0 : 2);
    return ChunkClassifier.classify(api, content[0], content[1]).kind() == ChunkKind.CONTENT;
  }

  static Stream<Arguments> wrongCombinations() {
    return Stream.of(Api.values())
        .flatMap(
            configured ->
                Stream.of(Api.values())
                    .filter(spoken -> spoken != configured)
                    .map(spoken -> Arguments.of(configured, spoken)));
  }

  @ParameterizedTest(name = "run speaks {0}, server {1}")
  @MethodSource("wrongCombinations")
  void aWrongApiNamesTheOneTheServerStreamsAndTheSetting(Api configured, Api spoken)
      throws Exception {
    try (OneApiServer server = OneApiServer.start(spoken)) {
      PreflightResult result = run(server, configured);

      assertThat(result.ok()).isFalse();
      Diagnosis diagnosis = result.diagnosis().orElseThrow();
      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.WRONG_API);
      assertThat(diagnosis.line())
          .startsWith("POST " + server.url("/v1/" + configured.path()) + " answered 404; ")
          .contains(
              "the server streams "
                  + ApiShapes.noun(spoken)
                  + " at "
                  + server.url("/v1/" + spoken.path())
                  + ": set -Drequest.api="
                  + spoken.id());
      // models, plain request, (chat: the /v1-less alternative), then at most 3 API probes
      int alternative = configured == Api.CHAT ? 1 : 0;
      assertThat(server.requests()).isLessThanOrEqualTo(2 + alternative + WrongApi.MAX_PROBES);
    }
  }

  @ParameterizedTest
  @EnumSource(Api.class)
  void theRightApiPasses(Api api) throws Exception {
    assumeTrue(grammarReads(api), "the " + api + " grammar has not landed in ChunkClassifier");
    try (OneApiServer server = OneApiServer.start(api)) {
      PreflightResult result = run(server, api);

      assertThat(result.diagnosis()).isEmpty();
      assertThat(result.ok()).isTrue();
      assertThat(server.requests()).as("models, plain, streaming: no extra probe").isEqualTo(3);
    }
  }

  @Test
  void aMessagesServerGetsItsKeyInXApiKeyWithTheAnthropicVersionAndNoBearer() throws Exception {
    try (OneApiServer server =
        OneApiServer.start(Api.MESSAGES, KEY, OneApiServer.OtherPaths.NOT_FOUND)) {
      PreflightResult result = new Preflight(target(server, Api.MESSAGES, Optional.of(KEY))).run();

      // the server refuses (401) any request without x-api-key = KEY and anthropic-version
      assertThat(result.diagnosis().map(Diagnosis::kind))
          .isNotIn(
              Optional.of(Diagnosis.Kind.API_KEY_REJECTED),
              Optional.of(Diagnosis.Kind.WRONG_API),
              Optional.of(Diagnosis.Kind.HTTP_ERROR));
      List<OneApiServer.Seen> messages =
          server.seen().stream().filter(s -> s.path().equals("/v1/messages")).toList();
      assertThat(messages).as("plain and streaming request").hasSize(2);
      assertThat(server.seen())
          .allSatisfy(
              seen -> {
                assertThat(seen.xApiKey()).isEqualTo(KEY);
                assertThat(seen.anthropicVersion()).isEqualTo("2023-06-01");
                assertThat(seen.authorization()).isNull();
              });
      if (grammarReads(Api.MESSAGES)) {
        assertThat(result.ok()).isTrue();
      }
    }
  }

  @Test
  void aRejectedXApiKeyIsMaskedEvenWhenTheServerEchoesIt() throws Exception {
    try (OneApiServer server =
        OneApiServer.start(
            Api.MESSAGES, "sk-ant-the-right-one-0000", OneApiServer.OtherPaths.NOT_FOUND)) {
      PreflightResult result = new Preflight(target(server, Api.MESSAGES, Optional.of(KEY))).run();

      Diagnosis diagnosis = result.diagnosis().orElseThrow();
      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.API_KEY_REJECTED);
      assertThat(diagnosis.line()).doesNotContain(KEY).contains(ApiKeyShape.mask(KEY));
      assertThat(target(server, Api.MESSAGES, Optional.of(KEY)).toString())
          .doesNotContain(KEY)
          .contains("api=messages");
    }
  }

  @Test
  void aChatServerBehindTheMessagesPathIsToldByTheShapeOfItsChunks() throws Exception {
    try (OneApiServer server =
        OneApiServer.start(Api.CHAT, null, OneApiServer.OtherPaths.SAME_API)) {
      PreflightResult result = run(server, Api.MESSAGES);

      Diagnosis diagnosis = result.diagnosis().orElseThrow();
      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.WRONG_API);
      assertThat(diagnosis.line())
          .isEqualTo(
              "POST "
                  + server.url("/v1/messages")
                  + " streamed chunks with choices[].delta, not Anthropic Messages events; the"
                  + " server streams chat completions at "
                  + server.url("/v1/chat/completions")
                  + ": set -Drequest.api=chat (or request.api in the profile)");
      assertThat(server.requests()).as("models, plain, streaming, one chat probe").isEqualTo(4);
    }
  }

  @Test
  void aMethodNotAllowedOnTheWrongPathNamesTheApi() throws Exception {
    assertWrongApiLine(
        Api.RESPONSES,
        OneApiServer.OtherPaths.METHOD_NOT_ALLOWED,
        Api.CHAT,
        (server, line) ->
            assertThat(line)
                .startsWith("POST " + server.url("/v1/chat/completions") + " answered 405; ")
                .contains("OpenAI Responses at " + server.url("/v1/responses"))
                .contains("set -Drequest.api=responses"));
  }

  @Test
  void aWebPageOnTheWrongPathNamesTheApi() throws Exception {
    assertWrongApiLine(
        Api.CHAT,
        OneApiServer.OtherPaths.HTML_PAGE,
        Api.MESSAGES,
        (server, line) ->
            assertThat(line)
                .startsWith(
                    "POST "
                        + server.url("/v1/messages")
                        + " answered \"text/html; charset=utf-8\", not text/event-stream; ")
                .endsWith(
                    "chat completions at "
                        + server.url("/v1/chat/completions")
                        + ": set -Drequest.api=chat (or request.api in the profile)"));
  }

  /**
   * Runs the preflight of {@code asked} against a server of {@code served} whose other paths answer
   * {@code others}: the diagnosis must be WRONG_API, and {@code check} judges its line (it gets the
   * server for its URLs).
   */
  private static void assertWrongApiLine(
      Api served, OneApiServer.OtherPaths others, Api asked, BiConsumer<OneApiServer, String> check)
      throws Exception {
    try (OneApiServer server = OneApiServer.start(served, null, others)) {
      Diagnosis diagnosis = run(server, asked).diagnosis().orElseThrow();

      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.WRONG_API);
      check.accept(server, diagnosis.line());
    }
  }

  @Test
  void aPathNoApiAnswersKeepsTheBaseUrlDiagnosisAfterAtMostThreeProbes() throws Exception {
    try (LoopbackServer server = chatServer(out -> {})) {
      Diagnosis diagnosis =
          runAt(server, "/v1/v2/messages", Api.MESSAGES).diagnosis().orElseThrow();

      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.BASE_URL_PATH);
      assertThat(server.requests()).as("models, plain, 3 API probes").isEqualTo(5);
    }
  }

  @Test
  void aStreamNoGrammarReadsIsProbedAndThenDiagnosedAsBefore() throws Exception {
    try (LoopbackServer server =
        chatServer(
            out -> {
              LoopbackServer.event(out, "{\"status\":\"queued\"}");
              LoopbackServer.event(out, "{\"status\":\"running\"}");
            })) {
      Diagnosis diagnosis =
          runAt(server, "/v1/chat/completions", Api.CHAT).diagnosis().orElseThrow();

      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.NO_CONTENT);
      assertThat(server.requests()).as("models, plain, streaming, 3 API probes").isEqualTo(6);
    }
  }

  private static final String TOOL_CALL_CHUNK =
      "{\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":"
          + "{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\","
          + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]},"
          + "\"finish_reason\":null}]}";

  @Test
  void aToolCallOnlyAnswerIsAPassingProbe() throws Exception {
    assumeTrue(
        ChunkClassifier.classify(Api.CHAT, null, TOOL_CALL_CHUNK).kind() == ChunkKind.TOOL_CALL,
        "the chat grammar does not read tool calls yet");
    try (LoopbackServer server =
        chatServer(
            out -> {
              LoopbackServer.event(out, LoopbackServer.roleChunk());
              Thread.sleep(30);
              LoopbackServer.event(out, TOOL_CALL_CHUNK);
              Thread.sleep(30);
              LoopbackServer.event(
                  out,
                  TOOL_CALL_CHUNK
                      .replace("\"id\":\"call_1\",\"type\":\"function\",", "")
                      .replace("\"name\":\"get_weather\",", "")
                      .replace("\"arguments\":\"\"", "\"arguments\":\"{}\""));
              LoopbackServer.event(out, LoopbackServer.usageChunk());
              LoopbackServer.event(out, "[DONE]");
            })) {
      PreflightResult result = runAt(server, "/v1/chat/completions", Api.CHAT);

      assertThat(result.diagnosis()).isEmpty();
      assertThat(result.ok()).isTrue();
    }
  }

  @Test
  void anIgnoredStreamOfTheRightApiIsNoWrongApiAndCostsNoProbe() throws Exception {
    try (LoopbackServer server =
        LoopbackServer.start(
            (exchange, body) -> {
              if (LoopbackServer.path(exchange).equals("/v1/models")) {
                LoopbackServer.models(exchange, OneApiServer.MODEL);
              } else {
                LoopbackServer.completion(exchange, OneApiServer.MODEL);
              }
            })) {
      Diagnosis diagnosis =
          runAt(server, "/v1/chat/completions", Api.CHAT).diagnosis().orElseThrow();

      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.STREAM_IGNORED);
      assertThat(server.requests()).as("models, plain, streaming").isEqualTo(3);
    }
  }
}
