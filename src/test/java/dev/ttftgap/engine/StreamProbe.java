package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

/**
 * Test client: sends one chat completion with {@link HttpClient} and reads the body line by line,
 * stamping headers and every line with {@link System#nanoTime()}.
 */
final class StreamProbe {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  /** One body line and when it arrived. */
  record Line(String text, long nanos) {}

  /** What the client saw. */
  record Result(
      int status,
      HttpClient.Version version,
      Map<String, List<String>> headers,
      long sentNanos,
      long headersNanos,
      List<Line> lines) {

    List<JsonNode> dataJson() {
      List<JsonNode> nodes = new ArrayList<>();
      for (Line line : lines) {
        if (line.text().startsWith("data: {")) {
          try {
            nodes.add(JSON.readTree(line.text().substring(6)));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      }
      return nodes;
    }

    List<String> dataLines() {
      return lines.stream().map(Line::text).filter(t -> t.startsWith("data:")).toList();
    }

    /** Arrival of the first data event with non-empty content, or -1. */
    long firstContentNanos() {
      for (Line line : lines) {
        if (line.text().startsWith("data: {")
            && line.text().contains("\"content\":\"")
            && !line.text().contains("\"content\":\"\"")) {
          return line.nanos();
        }
      }
      return -1;
    }

    double ttfbMillis() {
      return (headersNanos - sentNanos) / 1e6;
    }

    double ttftMillis() {
      return (firstContentNanos() - sentNanos) / 1e6;
    }

    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }

    String body() {
      return String.join("\n", lines.stream().map(Line::text).toList());
    }
  }

  private StreamProbe() {}

  static Result post(EmbeddedEngine engine, String body, String... headers) {
    return post(engine.baseUrl() + "/chat/completions", body, headers);
  }

  static Result post(String url, String body, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return send(request.build());
  }

  static Result get(String url) {
    return send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build());
  }

  static Result send(HttpRequest request) {
    return send(CLIENT, request);
  }

  /** {@link #send(HttpRequest)} with {@code client} (one that trusts a TLS engine, say). */
  static Result send(HttpClient client, HttpRequest request) {
    long sent = System.nanoTime();
    try {
      HttpResponse<Stream<String>> response =
          client.sendAsync(request, HttpResponse.BodyHandlers.ofLines()).get();
      long headers = System.nanoTime();
      List<Line> lines = new ArrayList<>();
      try (Stream<String> body = response.body()) {
        body.forEach(text -> lines.add(new Line(text, System.nanoTime())));
      } catch (UncheckedIOException e) {
        // a dropped connection ends the body early; the lines read so far are the result
      }
      return new Result(
          response.statusCode(),
          response.version(),
          response.headers().map(),
          sent,
          headers,
          lines);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("request failed: " + e.getCause(), e.getCause());
    }
  }

  /** A chat body: one user message of {@code prompt}, plus {@code extra} JSON members. */
  static String chat(String model, String prompt, int maxTokens, boolean stream, String extra) {
    return "{\"model\":\""
        + model
        + "\",\"messages\":[{\"role\":\"user\",\"content\":"
        + JSON.valueToTree(prompt)
        + "}],\"max_tokens\":"
        + maxTokens
        + ",\"stream\":"
        + stream
        + (extra == null || extra.isEmpty() ? "" : "," + extra)
        + "}";
  }
}
