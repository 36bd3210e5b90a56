package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SseErrorLinesTest {
  private static final String LLAMA_FAILURE =
      "data: {\"choices\":[{\"delta\":{\"content\":\"error: not this\"}}]}\n\n"
          + "data: {\"choices\":[{\"delta\":{\"content\":\"日本\"}}]}\r\n\r\n"
          + "errors: not this either\n"
          + ": error: a comment\n"
          + "error: {\"code\":500,\"message\":\"KV 缓存已满 🔥\",\"type\":\"server_error\"}\r\n"
          + "\r\n"
          + "error: the second one\n\n";
  private static final String FIRST_VALUE =
      "{\"code\":500,\"message\":\"KV 缓存已满 🔥\",\"type\":\"server_error\"}";

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void findsTheFirstErrorLineWhereverTheBodyIsSplit() {
    byte[] body = bytes(LLAMA_FAILURE);

    for (int split = 0; split <= body.length; split++) {
      SseErrorLines scanner = new SseErrorLines();
      String first = scanner.feed(body, 0, split);
      String second = scanner.feed(body, split, body.length);

      assertThat(second).as("split at byte %d of %d", split, body.length).isEqualTo(FIRST_VALUE);
      assertThat(first == null || first.equals(FIRST_VALUE))
          .as("the first part gives nothing or the whole value, split at %d", split)
          .isTrue();
    }
  }

  @Test
  void findsItWhenFedOneByteAtATime() {
    SseErrorLines scanner = new SseErrorLines();
    for (byte b : bytes(LLAMA_FAILURE)) {
      scanner.next(b);
    }
    assertThat(scanner.found()).isEqualTo(FIRST_VALUE);
  }

  @ParameterizedTest
  @ValueSource(strings = {"\n", "\r", "\r\n"})
  void everyLineEndEndsTheValue(String end) {
    SseErrorLines scanner = new SseErrorLines();

    assertThat(
            scanner.feed(
                bytes("data: x" + end + "error:boom" + end + "more"), 0, 18 + 2 * end.length()))
        .as("no space after the colon")
        .isEqualTo("boom");
  }

  @Test
  void aLastLineWithoutALineEndIsFoundAtTheEnd() {
    SseErrorLines scanner = new SseErrorLines();
    byte[] body = bytes("data: {}\n\nerror:  two spaces");

    assertThat(scanner.feed(body, 0, body.length)).as("the line has not ended").isNull();
    assertThat(scanner.finish()).as("one leading space dropped").isEqualTo(" two spaces");
  }

  @Test
  void aStreamWithoutErrorLinesFindsNothing() {
    SseErrorLines scanner = new SseErrorLines();
    byte[] body = bytes("data: {\"error\":\"x\"}\n\nevent: error\ndata: x\n\nerror\n:error: x\n");

    assertThat(scanner.feed(body, 0, body.length)).isNull();
    assertThat(scanner.finish()).isNull();
  }

  @Test
  void aHugeValueIsCut() {
    SseErrorLines scanner = new SseErrorLines();
    byte[] body = bytes("error: " + "x".repeat(10_000) + "\n");

    assertThat(scanner.feed(body, 0, body.length)).hasSize(SseErrorLines.MAX_VALUE_BYTES);
  }
}
