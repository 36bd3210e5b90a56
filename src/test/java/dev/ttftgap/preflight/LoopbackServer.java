package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny OpenAI-shaped server on 127.0.0.1, port 0, whose behaviour each test writes: JDK {@code
 * com.sun.net.httpserver}, one thread per exchange so a handler may sleep.
 */
final class LoopbackServer implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();

  static {
    // like real inference servers: without it Nagle holds an event written right after the
    // headers until the client's delayed ACK, 40 ms later, and the timings lie
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** Answers one exchange; {@code body} is the parsed request JSON (a missing node for a GET). */
  @FunctionalInterface
  interface Route {
    void handle(HttpExchange exchange, JsonNode body) throws Exception;
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final AtomicInteger requests = new AtomicInteger();

  private LoopbackServer(Route route) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          requests.incrementAndGet();
          try (exchange) {
            byte[] raw = exchange.getRequestBody().readAllBytes();
            JsonNode body = raw.length == 0 ? JSON.missingNode() : JSON.readTree(raw);
            route.handle(exchange, body);
          } catch (Exception e) {
            throw new IOException(e);
          }
        });
    server.setExecutor(executor);
    server.start();
  }

  static LoopbackServer start(Route route) throws IOException {
    return new LoopbackServer(route);
  }

  /** {@code http://127.0.0.1:port} + path. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  int requests() {
    return requests.get();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  static String path(HttpExchange exchange) {
    return exchange.getRequestURI().getPath();
  }

  static boolean streaming(JsonNode body) {
    return body.path("stream").asBoolean(false);
  }

  static void json(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  static void notFound(HttpExchange exchange) throws IOException {
    json(exchange, 404, "{\"detail\":\"Not Found\"}");
  }

  static void models(HttpExchange exchange, String... ids) throws IOException {
    StringBuilder data = new StringBuilder();
    for (String id : ids) {
      data.append(data.length() == 0 ? "" : ",")
          .append("{\"id\":\"")
          .append(id)
          .append("\",\"object\":\"model\"}");
    }
    json(exchange, 200, "{\"object\":\"list\",\"data\":[" + data + "]}");
  }

  static void completion(HttpExchange exchange, String model) throws IOException {
    json(
        exchange,
        200,
        "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\""
            + model
            + "\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"OK\"},"
            + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":1,"
            + "\"total_tokens\":10}}");
  }

  /** Starts a chunked {@code text/event-stream} answer; the headers leave now. */
  static OutputStream sseHeaders(HttpExchange exchange) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
    exchange.getResponseHeaders().set("Cache-Control", "no-cache");
    exchange.sendResponseHeaders(200, 0);
    return exchange.getResponseBody();
  }

  static void event(OutputStream out, String data) throws IOException {
    out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  static String roleChunk() {
    return chunk("{\"role\":\"assistant\",\"content\":\"\"}", "null");
  }

  static String contentChunk(String text) {
    return chunk("{\"content\":\"" + text + "\"}", "null");
  }

  static String finishChunk() {
    return chunk("{}", "\"stop\"");
  }

  static String usageChunk() {
    return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"choices\":[],"
        + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":4,\"total_tokens\":13}}";
  }

  private static String chunk(String delta, String finish) {
    return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
        + "\"delta\":"
        + delta
        + ",\"finish_reason\":"
        + finish
        + "}]}";
  }

  /** A well-behaved stream: role chunk, {@code tokens} content chunks, finish, usage, DONE. */
  static void healthyEvents(OutputStream out, int tokens, long intervalMillis)
      throws IOException, InterruptedException {
    event(out, roleChunk());
    for (int i = 0; i < tokens; i++) {
      if (i > 0) {
        Thread.sleep(intervalMillis);
      }
      event(out, contentChunk("tok" + i));
    }
    event(out, finishChunk());
    event(out, usageChunk());
    event(out, "[DONE]");
  }

  /** Writes the body of a streaming answer. */
  @FunctionalInterface
  interface StreamWriter {
    void write(OutputStream out) throws Exception;
  }

  /**
   * Answers as a chat-only server: {@code models} listed on {@code /v1/models}, 404 off {@code
   * /v1/chat/completions}, a plain completion of the first model, and {@code stream} writes the
   * body of a streaming request's answer.
   */
  static void chatOnly(HttpExchange exchange, JsonNode body, StreamWriter stream, String... models)
      throws Exception {
    String path = path(exchange);
    if (path.equals("/v1/models")) {
      models(exchange, models);
    } else if (!path.equals("/v1/chat/completions")) {
      notFound(exchange);
    } else if (!streaming(body)) {
      completion(exchange, models[0]);
    } else {
      stream.write(sseHeaders(exchange));
    }
  }
}
