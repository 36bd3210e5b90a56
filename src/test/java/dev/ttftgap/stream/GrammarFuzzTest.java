package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property tests (jqwik, seeded by jqwik's own reproducible generation, tries bounded to keep the
 * suite fast): every grammar, {@link ChunkClassifier#errorLine} and {@link SseErrorLines} take any
 * input, arbitrary or a real payload mutated, and never throw.
 */
class GrammarFuzzTest {
  private static final int TRIES = 250;

  /** Every data payload of every sample stream, with its API and event name. */
  static final List<SseEvent> PAYLOADS =
      SampleStreams.ALL.stream()
          .flatMap(
              sample ->
                  new SseDecoder().feed(sample.body().getBytes(StandardCharsets.UTF_8)).stream())
          .toList();

  /** Arbitrary text: any characters, control and surrogate ones too, and JSON-ish ones often. */
  static Arbitrary<String> anyText() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(120),
        Arbitraries.strings().withChars("{}[]\":,0123456789.-e truefalsnul\\\n").ofMaxLength(120));
  }

  /** A real payload with one mutation: a cut, an insertion, a deletion or a doubled piece. */
  static Arbitrary<String> mutatedPayload() {
    Arbitrary<String> payload = Arbitraries.of(PAYLOADS).map(SseEvent::data);
    return Combinators.combine(
            payload,
            Arbitraries.integers().between(0, 3),
            Arbitraries.doubles().between(0, 1),
            Arbitraries.doubles().between(0, 1),
            Arbitraries.strings().withChars("{}[]\":,\\0-9a\u00e9\ud83c\udf0d").ofMaxLength(4))
        .as(GrammarFuzzTest::mutate);
  }

  static String mutate(String data, int how, double where, double length, String insert) {
    int at = (int) (where * data.length());
    int to = Math.min(data.length(), at + (int) (length * 12));
    return switch (how) {
      case 0 -> data.substring(0, at);
      case 1 -> data.substring(0, at) + insert + data.substring(at);
      case 2 -> data.substring(0, at) + data.substring(to);
      default -> data.substring(0, to) + data.substring(at);
    };
  }

  @Provide
  Arbitrary<String> payloads() {
    return Arbitraries.oneOf(anyText(), mutatedPayload());
  }

  @Provide
  Arbitrary<String> eventNames() {
    return Arbitraries.oneOf(
            Arbitraries.of(
                PAYLOADS.stream()
                    .map(e -> e.event() == null ? "message" : e.event())
                    .distinct()
                    .toList()),
            Arbitraries.just("error"),
            Arbitraries.strings().ofMaxLength(20))
        .injectNull(0.2);
  }

  @Property(tries = TRIES, seed = "25")
  void everyGrammarTakesAnyPayload(
      @ForAll Api api, @ForAll("eventNames") String event, @ForAll("payloads") String data) {
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

  @Property(tries = TRIES, seed = "25")
  void errorLinesAreAlwaysErrorsWithAMessage(@ForAll("payloads") String value) {
    Chunk chunk = ChunkClassifier.errorLine(value);

    assertThat(chunk.kind()).isEqualTo(ChunkKind.ERROR);
    assertThat(chunk.errorMessage()).isNotBlank();
  }

  @Property(tries = TRIES, seed = "25")
  void theErrorLineScannerGivesOneAnswerWhereverTheBodyIsSplit(
      @ForAll("bodies") String body, @ForAll double where) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    int split = (int) (Math.abs(where) % 1 * bytes.length);
    SseErrorLines whole = new SseErrorLines();
    whole.feed(bytes, 0, bytes.length);
    SseErrorLines parts = new SseErrorLines();
    parts.feed(bytes, 0, split);
    parts.feed(bytes, split, bytes.length);

    assertThat(parts.finish()).as("split at %d", split).isEqualTo(whole.finish());
  }

  @Provide
  Arbitrary<String> bodies() {
    Arbitrary<String> line =
        Arbitraries.oneOf(
            anyText(),
            Arbitraries.of(
                "error: {\"message\":\"x\"}", "error:", "data: [DONE]", "errorx", ": error: no"));
    Arbitrary<String> end = Arbitraries.of("\n", "\r", "\r\n", "");
    return Combinators.combine(line, end)
        .as(String::concat)
        .list()
        .ofMaxSize(6)
        .map(lines -> String.join("", lines));
  }
}
