package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzz tests with seeded random inputs ({@link FuzzInputs}: 400 cases each by default, the same on
 * every run): every grammar, {@link ChunkClassifier#errorLine} and {@link SseErrorLines} take any
 * input, arbitrary or a real payload mutated, and never throw.
 */
class GrammarFuzzTest {

  static Stream<Arguments> events() {
    return FuzzInputs.cases(
        r -> new Object[] {FuzzInputs.api(r), FuzzInputs.eventName(r), FuzzInputs.payload(r)});
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("events")
  void everyGrammarTakesAnyPayload(Api api, String event, String data) {
    Chunk chunk = ChunkClassifier.classify(api, event, data);

    assertThat(chunk.kind()).as("always a kind").isNotNull();
    if (chunk.kind() == ChunkKind.MALFORMED || chunk.kind() == ChunkKind.ERROR) {
      assertThat(chunk.errorMessage()).as("%s says why", chunk.kind()).isNotBlank();
    }
    if (chunk.kind() == ChunkKind.CONTENT || chunk.kind() == ChunkKind.REASONING) {
      assertThat(chunk.text()).as("output has text").isNotEmpty();
    }
    if (chunk.kind() == ChunkKind.TOOL_CALL) {
      assertThat(chunk.toolCalls()).as("a tool call has its piece").isNotEmpty();
    }
  }

  static Stream<Arguments> values() {
    return FuzzInputs.cases(r -> new Object[] {FuzzInputs.payload(r)});
  }

  @ParameterizedTest(name = "[{index}]")
  @MethodSource("values")
  void errorLinesAreAlwaysErrorsWithAMessage(String value) {
    Chunk chunk = ChunkClassifier.errorLine(value);

    assertThat(chunk.kind()).isEqualTo(ChunkKind.ERROR);
    assertThat(chunk.errorMessage()).isNotBlank();
  }

  static Stream<Arguments> bodies() {
    return FuzzInputs.cases(r -> new Object[] {FuzzInputs.body(r), r.nextDouble()});
  }

  @ParameterizedTest(name = "[{index}]")
  @MethodSource("bodies")
  void theErrorLineScannerGivesOneAnswerWhereverTheBodyIsSplit(String body, double where) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    int split = (int) (where * bytes.length);
    SseErrorLines whole = new SseErrorLines();
    whole.feed(bytes, 0, bytes.length);
    SseErrorLines parts = new SseErrorLines();
    parts.feed(bytes, 0, split);
    parts.feed(bytes, split, bytes.length);

    assertThat(parts.finish()).as("split at %d", split).isEqualTo(whole.finish());
  }
}
