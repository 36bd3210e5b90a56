package dev.ttftgap.gatling;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback OpenAI-compatible stub for runs that must be stopped: it lists one model (with a
 * {@code max_model_len}), answers the preflight's first {@code healthyChats} chat requests (one
 * plain, one streaming) properly, then every later chat request with {@code status} and an OpenAI
 * error body ({@code Retry-After: 1} on a 429). It counts every request it sees, by kind.
 */
final class RejectingServer implements AutoCloseable {
  static final String MODEL = StubAnswers.MODEL;
  static final int MAX_MODEL_LEN = StubAnswers.MAX_MODEL_LEN;

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final AtomicInteger all = new AtomicInteger();
  private final AtomicInteger chats = new AtomicInteger();
  private final int healthyChats;
  private final int status;
  private final String message;

  private RejectingServer(int healthyChats, int status, String message) throws IOException {
    this.healthyChats = healthyChats;
    this.status = status;
    this.message = message;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** Healthy for the preflight (2 chat requests), then {@code status} for every chat request. */
  static RejectingServer start(int status, String message) throws IOException {
    return new RejectingServer(2, status, message);
  }

  /** The base URL, e.g. {@code http://127.0.0.1:PORT/v1}. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Every request seen. */
  int requests() {
    return all.get();
  }

  /** Chat completion requests seen (the preflight's included). */
  int chatRequests() {
    return chats.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    all.incrementAndGet();
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      String path = exchange.getRequestURI().getPath();
      if (path.equals("/v1/models")) {
        StubAnswers.models(exchange);
        return;
      }
      if (!path.equals("/v1/chat/completions")) {
        json(exchange, 404, "{\"error\":{\"message\":\"not found\"}}");
        return;
      }
      int n = chats.incrementAndGet();
      if (n > healthyChats) {
        if (status == 429) {
          exchange.getResponseHeaders().set("Retry-After", "1");
        }
        json(
            exchange,
            status,
            "{\"error\":{\"message\":\"" + message + "\",\"type\":\"invalid_request_error\"}}");
      } else if (new String(body, StandardCharsets.UTF_8).contains("\"stream\":true")) {
        StubAnswers.stream(exchange);
      } else {
        StubAnswers.completion(exchange);
      }
    }
  }

  private static void json(HttpExchange exchange, int status, String body) throws IOException {
    StubAnswers.send(exchange, status, "application/json", body);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
