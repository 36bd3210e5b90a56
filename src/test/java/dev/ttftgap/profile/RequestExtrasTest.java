package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestExtrasTest {
  private static RequestShape shape(String requestJson) {
    return RequestShapes.parse(requestJson);
  }

  @Test
  void headerValuesTakeTheirReferencesFromTheEnvironmentAndKeepThemSecret() {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("api-key", "${AZURE_API_KEY}");
    headers.put("X-Tenant", "team-${TEAM}-prod");
    headers.put("X-Route", "blue");
    Map<String, String> env = Map.of("AZURE_API_KEY", "azure-secret-0123456789", "TEAM", "search");

    RequestExtras.ResolvedHeaders resolved = RequestExtras.resolve(headers, env::get);

    assertThat(resolved.values())
        .as("resolved values")
        .containsEntry("api-key", "azure-secret-0123456789")
        .containsEntry("X-Tenant", "team-search-prod")
        .containsEntry("X-Route", "blue");
    assertThat(resolved.secrets())
        .as("secrets")
        .containsExactly("azure-secret-0123456789", "search");
    assertThat(resolved.describe())
        .as("console line")
        .isEqualTo("api-key: ***, X-Tenant: team-***-prod, X-Route: blue")
        .doesNotContain("azure-secret");
  }

  @Test
  void aReferenceToAnUnsetVariableFailsNamingTheHeaderAndTheVariable() {
    assertThatThrownBy(
            () -> RequestExtras.resolve(Map.of("api-key", "${AZURE_API_KEY}"), name -> null))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "request.headers.api-key: ${AZURE_API_KEY} is not set in the environment; export"
                + " AZURE_API_KEY=... before the run");
  }

  @Test
  void maskReplacesEverySecretOccurrence() {
    assertThat(RequestExtras.mask("key abc123 and abc123 again", java.util.List.of("abc123")))
        .as("masked")
        .isEqualTo("key *** and *** again");
  }

  @Test
  void theProfileKeepsHeadersExtraBodyAndTheKeyHeaderAsWritten() {
    RequestShape shape =
        shape(
            "{\"promptTokens\": 10, \"headers\": {\"api-key\": \"${AZURE_API_KEY}\"},"
                + " \"extraBody\": {\"chat_template_kwargs\": {\"enable_thinking\": false}},"
                + " \"apiKeyHeader\": \"api-key\"}");

    assertThat(shape.extras().headers())
        .as("headers, unresolved")
        .containsEntry("api-key", "${AZURE_API_KEY}");
    assertThat(shape.extras().extraBody().orElseThrow().toString())
        .as("extra body")
        .isEqualTo("{\"chat_template_kwargs\":{\"enable_thinking\":false}}");
    assertThat(shape.extras().apiKeyHeader()).as("key header").isEqualTo("api-key");
    assertThat(shape("{\"promptTokens\": 10}").extras().apiKeyHeader())
        .as("default")
        .isEqualTo("Authorization");
  }

  /** Each case sets {@code field} of a 10-token request to {@code json}. */
  @ParameterizedTest(name = "{1}: {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "stream|extraBody|{\"stream\": false}|request.extraBody.stream: would replace a field the tool sends; set it with nothing: requests always stream",
        "model|extraBody|{\"model\": \"x\"}|request.extraBody.model: would replace a field the tool sends; set it with request.model or LLM_MODEL",
        "messages|extraBody|{\"messages\": []}|request.extraBody.messages: would replace a field the tool sends; set it with request.prompt, promptTokens or dataset",
        "max_tokens|extraBody|{\"max_tokens\": 5}|request.extraBody.max_tokens: would replace a field the tool sends; set it with request.maxTokens",
        "not an object|extraBody|[1]|request.extraBody: [1] is not an object; use {\"field\": value} to merge into the body",
        "bad name|headers|{\"bad header\": \"x\"}|request.headers.bad header: is not a header name; use letters, digits and '-'",
        "set by the tool|headers|{\"Content-Type\": \"text/plain\"}|request.headers.Content-Type: is set by the tool; remove it",
        "not a string|headers|{\"X-A\": 1}|request.headers.X-A: 1 is not a string; use the value in quotes",
        "malformed reference|headers|{\"X-A\": \"${not closed\"}|request.headers.X-A: has a malformed ${...}; write ${NAME} with letters, digits and '_'",
      })
  void extraBodyOrHeadersThatWouldReplaceOrBreakWhatTheToolSendsFailBeforeAnyLoad(
      String name, String field, String json, String message) {
    assertThatThrownBy(() -> shape("{\"promptTokens\": 10, \"" + field + "\": " + json + "}"))
        .as(name)
        .isInstanceOf(ProfileException.class)
        .hasMessage("test.json: " + message);
  }

  @Test
  void extraBodyMayNotSetWhatForceOutputLengthSets() {
    assertThatThrownBy(
            () ->
                shape(
                    "{\"promptTokens\": 10, \"forceOutputLength\": true,"
                        + " \"extraBody\": {\"ignore_eos\": false}}"))
        .hasMessage(
            "test.json: request.extraBody.ignore_eos: is set by forceOutputLength; remove one of"
                + " them");
  }
}
