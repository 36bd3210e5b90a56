package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.HeaderMode;
import dev.ttftgap.engine.ModelProfile;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each diagnosis the embedded engine can produce, against the engine itself. */
@Timeout(20)
class PreflightEngineTest {
  private static final String KEY = "sk-engine-test-0123456789";
  private static final String MODEL = "tiny-fast";

  private static PreflightResult preflight(
      EmbeddedEngine engine, Optional<String> key, String model) {
    PreflightTarget target =
        new PreflightTarget(
            engine.baseUrl() + "/chat/completions",
            engine.baseUrl() + "/models",
            key,
            model,
            Duration.ofSeconds(10));
    return new Preflight(target).run();
  }

  private static EngineConfig config() {
    return EngineConfig.defaults().withProfile(MODEL);
  }

  @Test
  void defaultEngineIsOkWithHeadersAtAcceptance() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(config())) {
      // an 8B-like step (10 ms) separates headers and first token; tiny-fast's 2 ms would not
      PreflightResult result = preflight(engine, Optional.empty(), "qwen3-8b-like");

      assertThat(result.ok()).as("diagnosis: %s", result.diagnosis()).isTrue();
      assertThat(result.headerTiming()).isEqualTo(PreflightResult.AT_ACCEPT);
      assertThat(result.servedModels()).contains("qwen3-8b-like", "qwen3-14b-like", MODEL);
    }
  }

  @Test
  void headersWithFirstTokenModeIsReportedAsSuch() {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(config().withHeaderMode(HeaderMode.WITH_FIRST_TOKEN))) {
      PreflightResult result = preflight(engine, Optional.empty(), "qwen3-8b-like");

      assertThat(result.ok()).as("diagnosis: %s", result.diagnosis()).isTrue();
      assertThat(result.headerTiming()).isEqualTo(PreflightResult.WITH_FIRST_TOKEN);
    }
  }

  @Test
  void bufferedModeIsABufferedStream() {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(config().withHeaderMode(HeaderMode.BUFFERED))) {
      PreflightResult result = preflight(engine, Optional.empty(), "qwen3-8b-like");

      assertThat(result.diagnosis()).map(Diagnosis::kind).hasValue(Diagnosis.Kind.STREAM_BUFFERED);
      assertThat(result.ttft()).as("no timings from a failed preflight").isEmpty();
    }
  }

  @Test
  void engineWithAKeyRejectsAMissingOrWrongOne() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(config().withApiKey(KEY))) {
      PreflightResult missing = preflight(engine, Optional.empty(), MODEL);
      PreflightResult wrong = preflight(engine, Optional.of("sk-engine-test-9999999999"), MODEL);
      PreflightResult right = preflight(engine, Optional.of(KEY), MODEL);

      assertThat(missing.diagnosis()).map(Diagnosis::kind).hasValue(Diagnosis.Kind.API_KEY_MISSING);
      assertThat(wrong.diagnosis()).map(Diagnosis::kind).hasValue(Diagnosis.Kind.API_KEY_REJECTED);
      assertThat(wrong.diagnosis().orElseThrow().line())
          .contains("sk-…9999")
          .doesNotContain("sk-engine-test-9999999999");
      assertThat(right.ok()).as("diagnosis: %s", right.diagnosis()).isTrue();
    }
  }

  @Test
  void unknownModelNamesTheNearMatch() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(config())) {
      PreflightResult result = preflight(engine, Optional.empty(), "Qwen3_8B-like");

      Diagnosis diagnosis = result.diagnosis().orElseThrow();
      assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.MODEL_NOT_FOUND);
      assertThat(diagnosis.line())
          .contains("near matches: qwen3-8b-like;", "set LLM_MODEL to \"qwen3-8b-like\"");
    }
  }

  @Test
  void fullQueueAtRestIsRateLimited() throws Exception {
    ModelProfile oneSlot = ModelProfile.builtIn(MODEL).withMaxNumSeqs(1).withMaxWaiting(0);
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(config().withProfiles(List.of(oneSlot)).withProfile(MODEL))) {
      // another client holds the only slot with a long answer
      HttpClient other = HttpClient.newHttpClient();
      HttpRequest longAnswer =
          HttpRequest.newBuilder(URI.create(engine.baseUrl() + "/chat/completions"))
              .header("Content-Type", "application/json")
              .POST(
                  HttpRequest.BodyPublishers.ofString(
                      "{\"model\":\""
                          + MODEL
                          + "\",\"stream\":true,\"max_tokens\":5000,"
                          + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"))
              .build();
      HttpResponse<InputStream> held =
          other
              .sendAsync(longAnswer, HttpResponse.BodyHandlers.ofInputStream())
              .get(5, TimeUnit.SECONDS);
      try (InputStream body = held.body()) {
        body.read(new byte[64]); // streaming: the slot is taken

        PreflightResult result = preflight(engine, Optional.empty(), MODEL);

        assertThat(result.diagnosis()).map(Diagnosis::kind).hasValue(Diagnosis.Kind.RATE_LIMITED);
        assertThat(result.diagnosis().orElseThrow().line()).contains("429", "before any load");
      }
    }
  }
}
