package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProbeChunksTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "content          | {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}            | CONTENT",
        "reasoning        | {\"choices\":[{\"delta\":{\"reasoning_content\":\"so\"}}]}   | CONTENT",
        "second choice    | {\"choices\":[{\"delta\":{}},{\"delta\":{\"content\":\"x\"}}]} | CONTENT",
        "role only        | {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}         | OTHER",
        "empty content    | {\"choices\":[{\"delta\":{\"content\":\"\"}}]}               | OTHER",
        "null content     | {\"choices\":[{\"delta\":{\"content\":null}}]}               | OTHER",
        "usage only       | {\"choices\":[],\"usage\":{\"completion_tokens\":3}}         | OTHER",
        "no choices       | {\"object\":\"chat.completion.chunk\"}                     | OTHER",
        "error            | {\"error\":{\"message\":\"rate limited\"}}                  | ERROR",
        "done             | [DONE]                                                       | DONE",
        "truncated        | {\"choices\":[{\"delta\"                                    | MALFORMED",
        "not an object    | 42                                                           | MALFORMED"
      })
  void classifiesLikeTheDesignsFirstTokenRules(String name, String data, ProbeChunks.Kind kind) {
    assertThat(ProbeChunks.classify(data)).as(name).isEqualTo(kind);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"error\":{\"message\":\"upstream overloaded\"}} | upstream overloaded",
        "{\"error\":\"quota exceeded\"}                    | quota exceeded"
      })
  void errorMessageComesFromEitherShape(String data, String message) {
    assertThat(ProbeChunks.errorMessage(data)).isEqualTo(message);
  }
}
