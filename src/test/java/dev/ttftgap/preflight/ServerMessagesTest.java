package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerMessagesTest {
  private final ServerMessages messages =
      new ServerMessages(Optional.of("sk-live-abcdef0123456789"));

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "openai  | {\"error\":{\"message\":\"Invalid key\",\"code\":\"invalid_api_key\"}} | Invalid"
            + " key",
        "string  | {\"error\":\"quota exceeded\"}                                      | quota"
            + " exceeded",
        "vllm    | {\"object\":\"error\",\"message\":\"The model `x` does not exist.\"} | The model"
            + " `x` does not exist.",
        "fastapi | {\"detail\":\"Not Found\"}                                           | Not"
            + " Found",
        "text    | Bad Gateway                                                         | Bad"
            + " Gateway"
      })
  void extractsTheMessageOfEachShape(String shape, String body, String message) {
    assertThat(messages.of(body)).as(shape).isEqualTo(message);
  }

  @Test
  void echoedKeyIsMaskedAndTextIsOneBoundedLine() {
    String body =
        "{\"error\":{\"message\":\"Incorrect API key provided:\\n sk-live-abcdef0123456789\"}}";

    assertThat(messages.of(body)).isEqualTo("Incorrect API key provided: sk-…6789");
    assertThat(messages.clean("x".repeat(500))).hasSize(ServerMessages.MAX_CHARS + 1).endsWith("…");
  }

  @Test
  void emptyBodySaysNothing() {
    assertThat(messages.says("")).isEmpty();
    assertThat(messages.says("{\"detail\":\"Not Found\"}")).isEqualTo(" (server: \"Not Found\")");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"error\":{\"message\":\"The model `q` does not exist\",\"code\":\"model_not_found\"}} |"
            + " true",
        "{\"error\":{\"message\":\"not found\",\"code\":\"model_not_found\"}}                   |"
            + " true",
        "{\"detail\":\"Not Found\"}                                                            |"
            + " false",
        "404 page not found                                                                    |"
            + " false"
      })
  void namesTheModelOnlyWhenTheErrorSaysSo(String body, boolean expected) {
    assertThat(ServerMessages.namesTheModel(body)).isEqualTo(expected);
  }
}
