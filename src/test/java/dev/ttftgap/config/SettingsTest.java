package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SettingsTest {
  private static final String KEY = "sk-test-0123456789abcdef";

  private static Settings load(Map<String, String> env, String... properties) {
    return Settings.load(env, TestProperties.of(properties));
  }

  private static Settings load(String... properties) {
    return load(Map.of(), properties);
  }

  @Test
  void noSettingsMeansEmbeddedEngineWithDefaults() {
    Settings settings = load();

    assertThat(settings.usesEmbeddedEngine()).as("no base URL starts the embedded engine").isTrue();
    assertThat(settings.apiKey()).isEmpty();
    assertThat(settings.model()).isEmpty();
    assertThat(settings.profile()).isEqualTo("rising-rate");
    assertThat(settings.engineProfile()).isEqualTo("qwen3-8b-like");
    assertThat(settings.engineHeaderMode()).isEqualTo("at-accept");
    assertThat(settings.newConnectionPerUser()).as("connections are shared by default").isFalse();
    assertThat(settings.recordsDir()).isEmpty();
    assertThat(settings.capacityPeakRate()).isEmpty();
    assertThat(settings.baseline()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "http://127.0.0.1:8000, http://127.0.0.1:8000/v1",
    "http://127.0.0.1:8000/, http://127.0.0.1:8000/v1",
    "http://127.0.0.1:8000/v1, http://127.0.0.1:8000/v1",
    "http://127.0.0.1:8000/v1/, http://127.0.0.1:8000/v1",
    "http://127.0.0.1:8000/v1//, http://127.0.0.1:8000/v1",
    "http://127.0.0.1:8000/v1/chat/completions, http://127.0.0.1:8000/v1",
    "http://127.0.0.1:8000/v1/chat/completions/, http://127.0.0.1:8000/v1",
    "http://127.0.0.1:8000/v1/models, http://127.0.0.1:8000/v1",
    "https://gateway.example/api/v1, https://gateway.example/api/v1",
    "https://gateway.example/api/paas/v4, https://gateway.example/api/paas/v4",
    "https://gateway.example/v1beta, https://gateway.example/v1beta",
    "https://gateway.example/openai, https://gateway.example/openai/v1",
    "HTTP://Localhost:8000, http://Localhost:8000/v1",
    "http://[::1]:8000/v1, http://[::1]:8000/v1",
  })
  void baseUrlWithOrWithoutV1IsNeverDoubled(String given, String root) {
    Settings settings = load(Map.of("LLM_BASE_URL", given));

    assertThat(settings.baseUrl()).contains(URI.create(root));
    assertThat(settings.chatCompletionsUrl())
        .as("endpoint of %s", given)
        .isEqualTo(root + "/chat/completions");
    assertThat(settings.modelsUrl()).isEqualTo(root + "/models");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "https://generativelanguage.googleapis.com/v1beta/openai/,"
        + " https://generativelanguage.googleapis.com/v1beta/openai",
    "https://generativelanguage.googleapis.com/v1beta/openai/chat/completions,"
        + " https://generativelanguage.googleapis.com/v1beta/openai",
    "https://gateway.ai.cloudflare.com/v1/ACCOUNT/GATEWAY/openai,"
        + " https://gateway.ai.cloudflare.com/v1/ACCOUNT/GATEWAY/openai",
    "https://gateway.ai.cloudflare.com/v1/ACCOUNT/GATEWAY/openai/models,"
        + " https://gateway.ai.cloudflare.com/v1/ACCOUNT/GATEWAY/openai",
  })
  void versionSegmentAnywhereInThePathKeepsThePath(String given, String root) {
    Settings settings = load(Map.of("LLM_BASE_URL", given));

    assertThat(settings.baseUrl())
        .as("a path with a version segment before its last one gets no /v1")
        .contains(URI.create(root));
    assertThat(settings.chatCompletionsUrl()).isEqualTo(root + "/chat/completions");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "http://h:8000, http://h:8000/v1",
    "https://gateway.example/api, https://gateway.example/api/v1",
    "https://gateway.example/llm/, https://gateway.example/llm/v1",
    "https://gateway.example/api/chat/completions, https://gateway.example/api/v1",
    "https://gateway.example/video1/api, https://gateway.example/video1/api/v1",
  })
  void pathWithoutVersionSegmentStillGetsV1(String given, String root) {
    assertThat(load(Map.of("LLM_BASE_URL", given)).baseUrl())
        .as("vLLM, SGLang and TGI roots and gateway prefixes serve under /v1")
        .contains(URI.create(root));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "https://api.perplexity.ai, https://api.perplexity.ai",
    "https://api.perplexity.ai/, https://api.perplexity.ai",
    "https://api.perplexity.ai/chat/completions, https://api.perplexity.ai",
    "https://api.perplexity.ai/chat/completions/, https://api.perplexity.ai",
    "https://gateway.example/api, https://gateway.example/api",
    "https://gateway.example/api/models, https://gateway.example/api",
    "http://127.0.0.1:8000/v1/, http://127.0.0.1:8000/v1",
  })
  void asIsKeepsThePathWithoutAppendingV1(String given, String root) {
    Settings settings = load(Map.of("LLM_BASE_URL", given, "LLM_BASE_URL_AS_IS", "true"));

    assertThat(settings.baseUrlAsIs()).isTrue();
    assertThat(settings.baseUrl()).as("as is: never /v1 appended").contains(URI.create(root));
    assertThat(settings.chatCompletionsUrl()).isEqualTo(root + "/chat/completions");
    assertThat(settings.modelsUrl()).isEqualTo(root + "/models");
  }

  @Test
  void asIsIsReadFromThePropertyFirstAndFalseByDefault() {
    Map<String, String> env = Map.of("LLM_BASE_URL", "http://h:1", "LLM_BASE_URL_AS_IS", "true");

    assertThat(load(Map.of("LLM_BASE_URL", "http://h:1")).baseUrlAsIs()).isFalse();
    assertThat(load(env, "llm.baseUrlAsIs=false").baseUrl())
        .as("-Dllm.baseUrlAsIs wins")
        .contains(URI.create("http://h:1/v1"));
    assertThat(load(Map.of("LLM_BASE_URL", "http://h:1"), "llm.baseUrlAsIs=TRUE").baseUrl())
        .contains(URI.create("http://h:1"));
    assertThat(load(Map.of("LLM_BASE_URL_AS_IS", "false")).baseUrlAsIs()).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"yes", "1", "on", "as-is"})
  void asIsOtherThanTrueOrFalseFailsNamingTheSetting(String given) {
    assertThatThrownBy(
            () -> load(Map.of("LLM_BASE_URL", "http://h:1", "LLM_BASE_URL_AS_IS", given)))
        .isInstanceOf(SettingsException.class)
        .hasMessage("LLM_BASE_URL_AS_IS: \"" + given + "\" is not a boolean; use true or false");
    assertThatThrownBy(() -> load("llm.baseUrlAsIs=" + given))
        .hasMessage("-Dllm.baseUrlAsIs: \"" + given + "\" is not a boolean; use true or false");
  }

  @Test
  void appendsV1SaysWhetherTheBaseNeedsAsIs() {
    assertThat(Settings.appendsV1("https://api.perplexity.ai")).isTrue();
    assertThat(Settings.appendsV1("https://gateway.example/api")).isTrue();
    assertThat(Settings.appendsV1("https://generativelanguage.googleapis.com/v1beta/openai"))
        .isFalse();
    assertThat(Settings.appendsV1("http://h:8000/v1")).isFalse();
    assertThat(Settings.appendsV1("not a url")).as("nothing to append to").isFalse();
  }

  @Test
  void propertyWinsOverEnvironmentAndLlmOverOpenai() {
    Map<String, String> env =
        Map.of("LLM_BASE_URL", "http://llm:1", "OPENAI_BASE_URL", "http://openai:2");

    assertThat(load(env).baseUrl()).contains(URI.create("http://llm:1/v1"));
    assertThat(load(Map.of("OPENAI_BASE_URL", "http://openai:2")).baseUrl())
        .as("OPENAI_BASE_URL is the fallback")
        .contains(URI.create("http://openai:2/v1"));
    assertThat(load(env, "llm.baseUrl=http://prop:3").baseUrl())
        .as("-Dllm.baseUrl wins")
        .contains(URI.create("http://prop:3/v1"));
    assertThat(load(Map.of("LLM_MODEL", "env-model"), "llm.model=prop-model").model())
        .contains("prop-model");
    assertThat(
            load(Map.of("LLM_API_KEY", "sk-llm-key-000000", "OPENAI_API_KEY", "sk-openai-00000"))
                .apiKey())
        .contains("sk-llm-key-000000");
    assertThat(load(Map.of("OPENAI_API_KEY", "sk-openai-00000")).apiKey())
        .contains("sk-openai-00000");
  }

  @Test
  void blankValuesCountAsUnset() {
    Settings settings =
        load(Map.of("LLM_BASE_URL", "  ", "LLM_API_KEY", "", "LLM_MODEL", " "), "profile= ");

    assertThat(settings.usesEmbeddedEngine()).isTrue();
    assertThat(settings.apiKey()).isEmpty();
    assertThat(settings.model()).isEmpty();
    assertThat(settings.profile()).isEqualTo("rising-rate");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"htp://x", "localhost:8000", "ftp://host/v1", "http://", "not a url"})
  void baseUrlThatIsNotHttpFailsWithTheFix(String given) {
    assertThatThrownBy(() -> load(Map.of("LLM_BASE_URL", given)))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("LLM_BASE_URL: \"" + given + "\" is not")
        .hasMessageContaining("set it like http://127.0.0.1:8000/v1")
        .hasMessageNotContaining("\n");
  }

  @Test
  void baseUrlErrorNamesThePropertyWhenGivenAsProperty() {
    assertThatThrownBy(() -> load("llm.baseUrl=htp://x"))
        .hasMessage(
            "-Dllm.baseUrl: \"htp://x\" is not an http(s) URL; set it like"
                + " http://127.0.0.1:8000/v1");
  }

  @Test
  void baseUrlWithCredentialsFailsWithoutEchoingThem() {
    assertThatThrownBy(() -> load(Map.of("LLM_BASE_URL", "http://user:secret@host:8000/v1")))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("LLM_BASE_URL: the URL contains user credentials")
        .hasMessageNotContaining("secret");
  }

  @Test
  void baseUrlWithQueryFails() {
    assertThatThrownBy(() -> load(Map.of("LLM_BASE_URL", "http://host/v1?x=1")))
        .hasMessageContaining("LLM_BASE_URL")
        .hasMessageContaining("query");
  }

  @Test
  void apiKeyAsSystemPropertyIsRejected() {
    assertThatThrownBy(() -> load("llm.apiKey=" + KEY))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dllm.apiKey: API keys are read only from the environment")
        .hasMessageContaining("export LLM_API_KEY")
        .hasMessageNotContaining(KEY);
    assertThatThrownBy(() -> load("openai.api_key=" + KEY))
        .as("any spelling of an api key property")
        .hasMessageContaining("read only from the environment");
  }

  static Stream<Arguments> malformedKeys() {
    return Stream.of(
        Arguments.of("\"" + KEY + "\"", "quotes"),
        Arguments.of("'" + KEY + "'", "quotes"),
        Arguments.of(KEY + "\n", "a newline"),
        Arguments.of(KEY + "\r\n", "a newline"),
        Arguments.of(" " + KEY, "whitespace"),
        Arguments.of("sk-test-0123 456789abcdef", "whitespace"),
        Arguments.of(KEY + "\t", "whitespace"),
        Arguments.of(KEY + "\u00a0", "whitespace"),
        Arguments.of("Bearer " + KEY, "Bearer"),
        Arguments.of("sk-test-0123456789abcdéf", "non-ASCII"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("malformedKeys")
  void malformedKeyFailsNamingTheVariableNotTheKey(String key, String problem) {
    assertThatThrownBy(() -> load(Map.of("LLM_API_KEY", key)))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("LLM_API_KEY: the key ")
        .hasMessageContaining(problem)
        .hasMessageNotContaining("456789abc")
        .hasMessageNotContaining("\n");
  }

  @Test
  void malformedFallbackKeyNamesTheFallbackVariable() {
    assertThatThrownBy(() -> load(Map.of("OPENAI_API_KEY", "\"" + KEY + "\"")))
        .hasMessageStartingWith("OPENAI_API_KEY: the key contains quotes")
        .hasMessageContaining("remove the quotes/newline");
  }

  @Test
  void maskedKeyShowsAtMostPrefixAndLastFour() {
    assertThat(load(Map.of("LLM_API_KEY", KEY)).maskedApiKey()).isEqualTo("sk-…cdef");
    assertThat(load(Map.of("LLM_API_KEY", "abcdefghijklmnop")).maskedApiKey()).isEqualTo("…mnop");
    assertThat(load(Map.of("LLM_API_KEY", "short-key")).maskedApiKey())
        .as("short keys reveal nothing")
        .isEqualTo("…");
    assertThat(load().maskedApiKey()).isEqualTo("(none)");
  }

  @Test
  void keyNeverAppearsInToStringOrDescribe() {
    Settings settings =
        load(Map.of("LLM_API_KEY", KEY, "LLM_BASE_URL", "http://h:1", "LLM_MODEL", "Qwen3-8B"));

    assertThat(settings.toString()).doesNotContain(KEY).contains("sk-…cdef");
    assertThat(settings.describe()).doesNotContain(KEY).doesNotContain("\n");
  }

  @Test
  void describeSaysTargetModelProfileAndHowToPointElsewhere() {
    String embedded = load().describe();
    assertThat(embedded)
        .contains("target: embedded engine (model profile qwen3-8b-like, headers at-accept)")
        .contains("load profile: rising-rate")
        .contains("LLM_BASE_URL=")
        .contains("-Dprofile=");

    String remote =
        load(Map.of("LLM_BASE_URL", "http://h:8000", "LLM_MODEL", "Qwen3-8B"), "profile=smoke")
            .describe();
    assertThat(remote)
        .contains("target: http://h:8000/v1")
        .contains("model: Qwen3-8B")
        .contains("load profile: smoke")
        .contains("unset LLM_BASE_URL");
  }

  @Test
  void describeMarksAnAsIsTargetOnlyWhenAsIsIsSet() {
    assertThat(
            load(Map.of("LLM_BASE_URL", "https://api.perplexity.ai", "LLM_BASE_URL_AS_IS", "true"))
                .describe())
        .contains("target: https://api.perplexity.ai (as is) · model:");
    assertThat(load(Map.of("LLM_BASE_URL", "http://h:8000")).describe())
        .contains("target: http://h:8000/v1 · model:")
        .doesNotContain("as is");
    assertThat(load().describe()).doesNotContain("AS_IS", "as is");
  }

  @Test
  void endpointsNeedABaseUrlUntilTheEngineIsStarted() {
    Settings embedded = load();

    assertThatThrownBy(embedded::chatCompletionsUrl)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("withBaseUrl");
    assertThat(embedded.withBaseUrl(URI.create("http://127.0.0.1:43210")).chatCompletionsUrl())
        .isEqualTo("http://127.0.0.1:43210/v1/chat/completions");
  }

  @Test
  void modelWithSurroundingWhitespaceFails() {
    assertThatThrownBy(() -> load(Map.of("LLM_MODEL", "Qwen3-8B\n")))
        .hasMessageStartingWith("LLM_MODEL: \"Qwen3-8B\\n\" has surrounding whitespace")
        .hasMessageNotContaining("\n");
  }

  @Test
  void engineSettingsAreValidated() {
    assertThat(load("engine.headerMode=buffered").engineHeaderMode()).isEqualTo("buffered");
    assertThat(load("engine.profile=qwen3-14b-like").engineProfile()).isEqualTo("qwen3-14b-like");
    assertThatThrownBy(() -> load("engine.headerMode=late"))
        .hasMessage(
            "-Dengine.headerMode: \"late\" is not a header mode; use at-accept, with-first-token"
                + " or buffered");
    assertThatThrownBy(() -> load("engine.profile=qwen 8b"))
        .hasMessageStartingWith("-Dengine.profile: \"qwen 8b\" is not a profile name");
  }

  @Test
  void connectionsIsSharedOrPerUser() {
    assertThat(load("connections=per-user").newConnectionPerUser()).isTrue();
    assertThat(load("connections=shared").newConnectionPerUser()).isFalse();
    assertThatThrownBy(() -> load("connections=new"))
        .hasMessage("-Dconnections: \"new\" is not a connection mode; use shared or per-user");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"0", "-5", "fast", "NaN", "Infinity"})
  void peakRateMustBeAPositiveNumber(String given) {
    assertThatThrownBy(() -> load("capacity.peakRate=" + given))
        .hasMessageStartingWith("-Dcapacity.peakRate: \"" + given + "\" is not a rate")
        .hasMessageContaining("> 0");
  }

  @Test
  void peakRateIsParsed() {
    assertThat(load("capacity.peakRate=12.5").capacityPeakRate()).contains(12.5);
  }

  @Test
  void baselineMustBeAnExistingFile(@TempDir Path dir) throws IOException {
    Path capacity = Files.writeString(dir.resolve("capacity.json"), "{}");

    assertThat(load("baseline=" + capacity).baseline()).contains(capacity);
    assertThatThrownBy(() -> load("baseline=" + dir.resolve("missing.json")))
        .hasMessageStartingWith("-Dbaseline: ")
        .hasMessageContaining("does not exist");
  }

  @Test
  void recordsDirMustNotBeAFile(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("file"), "x");

    assertThat(load("records.dir=" + dir.resolve("new")).recordsDir())
        .as("a directory that does not exist yet is fine")
        .contains(dir.resolve("new"));
    assertThatThrownBy(() -> load("records.dir=" + file))
        .hasMessageStartingWith("-Drecords.dir: ")
        .hasMessageContaining("is a file");
  }
}
