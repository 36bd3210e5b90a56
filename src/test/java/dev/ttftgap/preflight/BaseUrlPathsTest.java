package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.Api;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BaseUrlPathsTest {
  /** An empty second column: there is no alternative to suggest. */
  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource({
    "http://h:8000/v1/v1/chat/completions, http://h:8000/v1/chat/completions",
    "https://gw.example/api/v1/chat/completions, https://gw.example/api/chat/completions",
    "https://gw.example/api/chat/completions, https://gw.example/api/v1/chat/completions",
    "http://h:8000/chat/completions, http://h:8000/v1/chat/completions",
    "http://h:8000/chat/completions?api-version=2, http://h:8000/v1/chat/completions?api-version=2",
    "http://h:8000/v1/responses, ",
    "not a url, "
  })
  void alternativeUndoublesRemovesOrAddsV1AndHasNoneForOtherPaths(String url, String expected) {
    assertThat(BaseUrlPaths.alternative(url)).isEqualTo(Optional.ofNullable(expected));
  }

  @ParameterizedTest
  @CsvSource({
    "http://h/v1/v1/chat/completions, true",
    "http://h/v1/chat/completions, false",
    "http://h/v1/v1, true"
  })
  void detectsDoubledV1(String url, boolean doubled) {
    assertThat(BaseUrlPaths.doubledV1(url)).isEqualTo(doubled);
  }

  @ParameterizedTest
  @CsvSource({"http://h/v1/chat/completions, http://h/v1", "http://h/api, http://h/api"})
  void baseIsWhatPrecedesChatCompletions(String url, String base) {
    assertThat(BaseUrlPaths.baseOf(url)).isEqualTo(base);
  }

  @ParameterizedTest(name = "{0} as {1} → {2}")
  @CsvSource({
    "http://h:8000/v1/chat/completions, MESSAGES, http://h:8000/v1/messages",
    "http://h:8000/v1/chat/completions, COMPLETIONS, http://h:8000/v1/completions",
    "http://h:8000/v1/completions, CHAT, http://h:8000/v1/chat/completions",
    "http://h:8000/v1/messages, RESPONSES, http://h:8000/v1/responses",
    "https://gw/openai/chat/completions?api-version=2, RESPONSES, https://gw/openai/responses?api-version=2",
    "http://h:8000/v1/, MESSAGES, http://h:8000/v1/messages",
    "http://h:8000/v1/chat/completions, CHAT, http://h:8000/v1/chat/completions"
  })
  void forApiSwapsTheApiPathUnderTheSameRoot(String url, Api api, String expected) {
    assertThat(BaseUrlPaths.forApi(url, api)).isEqualTo(expected);
  }
}
