package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code error-line-after:N} fault over real HTTP (an engine on port 0, a raw socket): the
 * exact bytes llama.cpp writes when a stream fails, {@code error: {...}}, a blank line, {@code
 * data: [DONE]}, then the clean end of the chunked body. The body is de-chunked by hand so that
 * every byte the engine wrote is checked, blank lines included.
 */
class ErrorLineFaultTest {
  private static EmbeddedEngine engine;

  /** A raw HTTP/1.1 response: status line and headers as text, the de-chunked body. */
  record Raw(String head, String body, boolean cleanEnd) {
    int status() {
      return Integer.parseInt(head.substring(9, 12));
    }

    String header(String name) {
      Matcher matcher =
          Pattern.compile("(?im)^" + Pattern.quote(name) + ": *(.*?)\\r?$").matcher(head);
      return matcher.find() ? matcher.group(1) : null;
    }
  }

  @BeforeAll
  static void start() {
    engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0).withProfile("tiny-fast"));
  }

  @AfterAll
  static void stop() {
    engine.close();
  }

  private static String errorLine(int tokens) {
    return "error: {\"code\":500,\"message\":\"Simulated fault: error after "
        + tokens
        + " tokens\",\"type\":\"server_error\"}\n\ndata: [DONE]\n\n";
  }

  @Test
  void chatStreamEndsWithTheErrorLineABlankLineAndDone() throws IOException {
    Raw raw = chatStream("error-line-after:2");

    assertThat(raw.status()).isEqualTo(200);
    assertThat(raw.header("Content-Type")).startsWith("text/event-stream");
    List<String> events = Arrays.asList(raw.body().split("\n\n", -1));
    assertThat(events).as("role chunk, 2 tokens, error line, [DONE], nothing after").hasSize(6);
    assertThat(events.subList(0, 3)).allMatch(e -> e.startsWith("data: {\"id\":\"chatcmpl-"));
    assertThat(events.get(0)).contains("\"role\":\"assistant\"");
    assertThat(events.get(3))
        .isEqualTo(
            "error: {\"code\":500,\"message\":\"Simulated fault: error after 2 tokens\","
                + "\"type\":\"server_error\"}");
    assertThat(events.get(4)).isEqualTo("data: [DONE]");
    assertThat(events.get(5)).as("the body ends right after [DONE]'s blank line").isEmpty();
    assertThat(raw.body()).endsWith(errorLine(2)).doesNotContain("finish_reason\":\"length");
    assertThat(raw.cleanEnd()).as("terminating chunk 0\\r\\n\\r\\n").isTrue();

    GroundTruth truth = engine.groundTruth(raw.header("x-request-id")).orElseThrow();
    assertThat(truth.outcome()).isEqualTo(GroundTruth.FAULT);
    assertThat(truth.fault()).isEqualTo("error-line-after:2");
    assertThat(truth.completionTokens()).isEqualTo(2);
    assertThat(truth.httpStatus()).isEqualTo(200);
  }

  @Test
  void beforeTheFirstTokenTheBodyIsOnlyTheErrorLineAndDone() throws IOException {
    Raw raw =
        post(
            "/v1/completions",
            "{\"model\":\"tiny-fast\",\"prompt\":\"Hi\",\"max_tokens\":8,\"stream\":true,"
                + "\"sim_fault\":\"error-line-after:0\"}",
            "");

    assertThat(raw.status()).isEqualTo(200);
    assertThat(raw.body()).as("completions has no opening chunk").isEqualTo(errorLine(0));
    assertThat(raw.cleanEnd()).isTrue();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "/v1/completions | {\"model\":\"tiny-fast\",\"prompt\":\"Hi\",\"max_tokens\":8,\"stream\":true}",
        "/v1/responses | {\"model\":\"tiny-fast\",\"input\":\"Hi\",\"max_output_tokens\":8,\"stream\":true}",
        "/v1/messages | {\"model\":\"tiny-fast\",\"max_tokens\":8,\"stream\":true,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}"
      })
  void everyApiWritesTheSameLlamaCppBytes(String path, String body) throws IOException {
    Raw raw =
        post(path, body, "anthropic-version: 2023-06-01\r\nX-Sim-Fault: error-line-after:3\r\n");

    assertThat(raw.status()).isEqualTo(200);
    assertThat(raw.body()).endsWith(errorLine(3));
    assertThat(raw.body().split("\n\n", -1))
        .as("no API error event, no end marker of the API")
        .noneMatch(e -> e.contains("\"error\":{") || e.contains("\"type\":\"error\""))
        .noneMatch(e -> e.contains("response.completed") || e.contains("message_stop"));
    assertThat(raw.cleanEnd()).isTrue();
  }

  @Test
  void aNonStreamingRequestIsA500() throws IOException {
    Raw raw =
        post(
            "/v1/chat/completions",
            StreamProbe.chat(
                "tiny-fast", "hello", 8, false, "\"sim_fault\":\"error-line-after:1\""),
            "");

    assertThat(raw.status()).isEqualTo(500);
    assertThat(raw.body()).contains("\"type\":\"server_error\"").doesNotContain("error: ");
  }

  @Test
  void theFaultNameIsCheckedLikeTheOthers() throws IOException {
    Raw raw = chatStream("error-line-after:x");

    assertThat(raw.status()).isEqualTo(400);
    assertThat(raw.body()).contains("error-line-after:N");
  }

  /** A streamed chat request of 8 tokens with header {@code X-Sim-Fault: fault}. */
  private static Raw chatStream(String fault) throws IOException {
    return post(
        "/v1/chat/completions",
        StreamProbe.chat("tiny-fast", "hello", 8, true, ""),
        "X-Sim-Fault: " + fault + "\r\n");
  }

  /** Sends one request with {@code Connection: close} and reads every byte until the close. */
  private static Raw post(String path, String body, String extraHeaders) throws IOException {
    byte[] json = body.getBytes(StandardCharsets.UTF_8);
    try (Socket socket = new Socket("127.0.0.1", engine.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: engine\r\nContent-Type: application/json\r\n"
                  + "Connection: close\r\n"
                  + extraHeaders
                  + "Content-Length: "
                  + json.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(json);
      out.flush();
      return parse(socket.getInputStream().readAllBytes());
    }
  }

  private static Raw parse(byte[] bytes) {
    String all = new String(bytes, StandardCharsets.ISO_8859_1);
    int headEnd = all.indexOf("\r\n\r\n");
    String head = all.substring(0, headEnd);
    int at = headEnd + 4;
    if (!head.toLowerCase().contains("transfer-encoding: chunked")) {
      return new Raw(head, utf8(bytes, at, bytes.length - at), false);
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      int lineEnd = all.indexOf("\r\n", at);
      if (lineEnd < 0) {
        // the body stopped inside the chunked framing: no terminating chunk
        return new Raw(head, body.toString(StandardCharsets.UTF_8), false);
      }
      int size = Integer.parseInt(all.substring(at, lineEnd).trim(), 16);
      at = lineEnd + 2;
      if (size == 0) {
        boolean clean = all.substring(at).equals("\r\n");
        return new Raw(head, body.toString(StandardCharsets.UTF_8), clean);
      }
      body.write(bytes, at, size);
      assertThat(all.substring(at + size, at + size + 2))
          .as("chunk ends with CRLF")
          .isEqualTo("\r\n");
      at += size + 2;
    }
  }

  private static String utf8(byte[] bytes, int from, int length) {
    return new String(bytes, from, length, StandardCharsets.UTF_8);
  }
}
