package dev.ttftgap.preflight;

import static dev.ttftgap.preflight.LoopbackServer.event;
import static dev.ttftgap.preflight.LoopbackServer.json;
import static dev.ttftgap.preflight.LoopbackServer.path;
import static dev.ttftgap.preflight.LoopbackServer.sseHeaders;
import static dev.ttftgap.preflight.LoopbackServer.streaming;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import dev.ttftgap.stream.Api;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback server that speaks one API only, at its path under {@code /v1}, the way its provider
 * does (body fields it requires, its key header, its events); {@code /v1/models} lists {@link
 * #MODEL}; every other path gets {@code otherPaths}' answer (404 unless the test says otherwise).
 * It records the headers of each request, so tests can check what the preflight sent.
 */
final class OneApiServer implements AutoCloseable {
  static final String MODEL = "one-api-model";
  private static final long EVENT_GAP_MILLIS = 15;

  /** What the server answers on a path that is not its API's. */
  enum OtherPaths {
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    HTML_PAGE,
    /** Its own API's stream on every path (a gateway that routes everything to one backend). */
    SAME_API
  }

  /** One request as received: its path and the headers the test cares about. */
  record Seen(String path, String authorization, String xApiKey, String anthropicVersion) {}

  private final Api api;
  private final String key;
  private final OtherPaths otherPaths;
  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private final LoopbackServer server;

  private OneApiServer(Api api, String key, OtherPaths otherPaths) throws IOException {
    this.api = api;
    this.key = key;
    this.otherPaths = otherPaths;
    this.server = LoopbackServer.start(this::handle);
  }

  /** A server of {@code api}; {@code key} null: it accepts any request without a key. */
  static OneApiServer start(Api api, String key, OtherPaths otherPaths) throws IOException {
    return new OneApiServer(api, key, otherPaths);
  }

  static OneApiServer start(Api api) throws IOException {
    return start(api, null, OtherPaths.NOT_FOUND);
  }

  String url(String path) {
    return server.url(path);
  }

  int requests() {
    return server.requests();
  }

  List<Seen> seen() {
    return seen;
  }

  @Override
  public void close() {
    server.close();
  }

  private void handle(HttpExchange exchange, JsonNode body) throws Exception {
    var headers = exchange.getRequestHeaders();
    seen.add(
        new Seen(
            path(exchange),
            headers.getFirst("Authorization"),
            headers.getFirst("x-api-key"),
            headers.getFirst("anthropic-version")));
    if (path(exchange).equals("/v1/models")) {
      LoopbackServer.models(exchange, MODEL);
      return;
    }
    if (!path(exchange).equals("/v1/" + api.path()) && otherPaths != OtherPaths.SAME_API) {
      switch (otherPaths) {
        case METHOD_NOT_ALLOWED -> json(exchange, 405, "{\"detail\":\"Method Not Allowed\"}");
        case HTML_PAGE -> html(exchange);
        default -> LoopbackServer.notFound(exchange);
      }
      return;
    }
    if (!authorised(exchange)) {
      json(
          exchange,
          401,
          "{\"error\":{\"message\":\"invalid key "
              + headers.getFirst(api == Api.MESSAGES ? "x-api-key" : "Authorization")
              + "\"}}");
      return;
    }
    if (!wellFormed(body)) {
      json(exchange, 400, "{\"error\":{\"message\":\"bad request for " + api + "\"}}");
      return;
    }
    if (streaming(body)) {
      OutputStream out = sseHeaders(exchange);
      for (String[] event : events(api)) {
        Thread.sleep(EVENT_GAP_MILLIS); // a decoding model, not a buffering proxy
        if (event[0] != null) {
          out.write(("event: " + event[0] + "\n").getBytes(StandardCharsets.UTF_8));
        }
        event(out, event[1]);
      }
    } else {
      json(exchange, 200, PLAIN.get(api));
    }
  }

  private boolean authorised(HttpExchange exchange) {
    var headers = exchange.getRequestHeaders();
    if (api == Api.MESSAGES) {
      return "2023-06-01".equals(headers.getFirst("anthropic-version"))
          && (key == null
              ? headers.getFirst("x-api-key") == null
              : key.equals(headers.getFirst("x-api-key"))
                  && headers.getFirst("Authorization") == null);
    }
    return key == null || ("Bearer " + key).equals(headers.getFirst("Authorization"));
  }

  /** The fields each API requires, so a body of another API is refused like a real server does. */
  private boolean wellFormed(JsonNode body) {
    return switch (api) {
      case CHAT -> body.path("messages").isArray();
      case COMPLETIONS -> body.path("prompt").isTextual();
      case RESPONSES -> body.has("input") && body.path("max_output_tokens").asInt() >= 16;
      case MESSAGES -> body.path("messages").isArray() && body.path("max_tokens").isInt();
    };
  }

  private static void html(HttpExchange exchange) throws IOException {
    byte[] page = "<html><body>Welcome</body></html>".getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
    exchange.sendResponseHeaders(200, page.length);
    exchange.getResponseBody().write(page);
  }

  private static final Map<Api, String> PLAIN =
      Map.of(
          Api.CHAT,
          "{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
              + "\"assistant\",\"content\":\"OK\"},\"finish_reason\":\"stop\"}],"
              + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":1}}",
          Api.COMPLETIONS,
          "{\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"OK\"}],"
              + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}",
          Api.RESPONSES,
          "{\"object\":\"response\",\"status\":\"completed\",\"output\":[{\"type\":\"message\","
              + "\"content\":[{\"type\":\"output_text\",\"text\":\"OK\"}]}],"
              + "\"usage\":{\"input_tokens\":9,\"output_tokens\":1}}",
          Api.MESSAGES,
          "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\","
              + "\"text\":\"OK\"}],\"stop_reason\":\"end_turn\","
              + "\"usage\":{\"input_tokens\":9,\"output_tokens\":1}}");

  /** {@code {event name or null, data}} of a healthy two-token stream of {@code api}. */
  static List<String[]> events(Api api) {
    return switch (api) {
      case CHAT ->
          List.of(
              ev(null, LoopbackServer.roleChunk()),
              ev(null, LoopbackServer.contentChunk("O")),
              ev(null, LoopbackServer.contentChunk("K")),
              ev(null, LoopbackServer.finishChunk()),
              ev(null, LoopbackServer.usageChunk()),
              ev(null, "[DONE]"));
      case COMPLETIONS ->
          List.of(
              ev(null, completion("O", "null")),
              ev(null, completion("K", "\"length\"")),
              ev(null, "[DONE]"));
      case RESPONSES ->
          List.of(
              ev("response.created", "{\"type\":\"response.created\",\"response\":{}}"),
              ev("response.output_text.delta", responsesDelta("O")),
              ev("response.output_text.delta", responsesDelta("K")),
              ev(
                  "response.completed",
                  "{\"type\":\"response.completed\",\"response\":{\"usage\":"
                      + "{\"input_tokens\":9,\"output_tokens\":2}}}"));
      case MESSAGES ->
          List.of(
              ev(
                  "message_start",
                  "{\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":9}}}"),
              ev(
                  "content_block_start",
                  "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":"
                      + "{\"type\":\"text\",\"text\":\"\"}}"),
              ev("content_block_delta", messagesDelta("O")),
              ev("content_block_delta", messagesDelta("K")),
              ev("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"),
              ev(
                  "message_delta",
                  "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},"
                      + "\"usage\":{\"output_tokens\":2}}"),
              ev("message_stop", "{\"type\":\"message_stop\"}"));
    };
  }

  private static String[] ev(String name, String data) {
    return new String[] {name, data};
  }

  private static String completion(String text, String finish) {
    return "{\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\""
        + text
        + "\",\"finish_reason\":"
        + finish
        + "}]}";
  }

  private static String responsesDelta(String text) {
    return "{\"type\":\"response.output_text.delta\",\"output_index\":0,\"delta\":\""
        + text
        + "\"}";
  }

  private static String messagesDelta(String text) {
    return "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\","
        + "\"text\":\""
        + text
        + "\"}}";
  }
}
