package dev.ttftgap.gatling;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The OpenAI-shaped answers the loopback stub servers give when they answer normally: one model
 * listed, a plain completion "OK", a stream of three tokens 20 ms apart. Each stub keeps only what
 * it does differently (rejecting, reporting metrics), so the stubs cannot drift apart on the rest.
 */
final class StubAnswers {
  /** The one model every stub lists and answers as. */
  static final String MODEL = "stub-model";

  /** The context length the stubs announce. */
  static final int MAX_MODEL_LEN = 32768;

  private StubAnswers() {}

  /** {@code /v1/models}: {@link #MODEL}, with {@link #MAX_MODEL_LEN}. */
  static void models(HttpExchange exchange) throws IOException {
    send(
        exchange,
        200,
        "application/json",
        "{\"object\":\"list\",\"data\":[{\"id\":\""
            + MODEL
            + "\",\"object\":\"model\",\"max_model_len\":"
            + MAX_MODEL_LEN
            + "}]}");
  }

  /** A non-streamed chat completion that says "OK". */
  static void completion(HttpExchange exchange) throws IOException {
    send(
        exchange,
        200,
        "application/json",
        "{\"id\":\"chatcmpl-p\",\"object\":\"chat.completion\",\"model\":\""
            + MODEL
            + "\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
            + "\"OK\"},\"finish_reason\":\"stop\"}]}");
  }

  /** A streamed chat completion: "O", "K", "!" 20 ms apart, then {@code [DONE]}. */
  static void stream(HttpExchange exchange) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    String chunk =
        "{\"id\":\"chatcmpl-s\",\"object\":\"chat.completion.chunk\",\"model\":\""
            + MODEL
            + "\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"%s\"},\"finish_reason\":null}]}";
    for (String token : new String[] {"O", "K", "!"}) {
      out.write(("data: " + chunk.formatted(token) + "\n\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
  }

  /** {@code body} with {@code status} and content type {@code type}, its length declared. */
  static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }
}
