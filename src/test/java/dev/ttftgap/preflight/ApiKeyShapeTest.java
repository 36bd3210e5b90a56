package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeyShapeTest {
  private static final String KEY = "sk-proj-0123456789abcd";

  static Stream<Arguments> wrappedKeys() {
    return Stream.of(
        Arguments.of("trailing newline", KEY + "\n", "line break"),
        Arguments.of("windows line end", KEY + "\r\n", "line break"),
        Arguments.of("double quotes", "\"" + KEY + "\"", "quote"),
        Arguments.of("single quotes", "'" + KEY + "'", "quote"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wrappedKeys")
  void wrappedKeysAreCaught(String name, String key, String expected) {
    assertThat(ApiKeyShape.problem(key))
        .as(name)
        .hasValueSatisfying(problem -> assertThat(problem).contains(expected));
  }

  @ParameterizedTest
  @ValueSource(strings = {" sk-proj-0123456789abcd", "sk-proj-0123456789abcd\t"})
  void surroundingWhitespaceIsCaught(String key) {
    assertThat(ApiKeyShape.problem(key)).hasValue("has leading or trailing whitespace");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Bearer sk-proj-0123456789abcd", "bearer sk-proj-0123456789abcd"})
  void bearerPrefixIsCaught(String key) {
    assertThat(ApiKeyShape.problem(key)).hasValueSatisfying(p -> assertThat(p).contains("Bearer"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"sk-proj-0123456789abcd", "EMPTY", "hf_AbCdEf0123456789", "a.b-c_d~e+f/g="})
  void bareKeysPass(String key) {
    assertThat(ApiKeyShape.problem(key)).as("a bare token is well formed").isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"sk-proj 0123456789abcd", "sk-proj-0123456789abcdé"})
  void innerWhitespaceOrNonAsciiIsCaught(String key) {
    assertThat(ApiKeyShape.problem(key)).isPresent();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "sk-proj-0123456789abcd   | sk-…abcd",
        "'sk-proj-0123456789abcd' | sk-…abcd",
        "short-key                | (9 characters)"
      })
  void maskShowsAtMostSevenCharactersOfTheBareKey(String key, String expected) {
    assertThat(ApiKeyShape.mask(key)).isEqualTo(expected);
  }
}
