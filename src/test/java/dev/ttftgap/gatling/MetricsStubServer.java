package dev.ttftgap.gatling;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback OpenAI-compatible server with llama.cpp's {@code /metrics} families, for runs that
 * check what the report says of the server's own view. Every chat request streams three content
 * chunks 20 ms apart; each thread of its pool serves one request, so {@code /metrics} can hang
 * while chat goes on.
 *
 * <ul>
 *   <li>{@link #darkAfter}: from {@code seconds} after the first chat request on, {@code /metrics}
 *       hangs (10 s, far past the scraper's 2 s timeout), but every 4th request answers at once
 *       with {@code requests_deferred 1}: the few readings a busy llama.cpp gives.
 *   <li>{@link #leavingWork}: a backlog of abandoned work, one job per chat request, drained at
 *       {@code drainPerSecond} from the first chat request on: {@code requests_deferred} is the
 *       backlog beyond 4 slots, {@code requests_processing} the slots in use; the backlog outlives
 *       the run.
 * </ul>
 */
final class MetricsStubServer implements AutoCloseable {
  static final String MODEL = StubAnswers.MODEL;

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final AtomicInteger chats = new AtomicInteger();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger metricsRequests = new AtomicInteger();
  private final AtomicInteger hung = new AtomicInteger();
  private final AtomicLong firstChatNanos = new AtomicLong();
  private final double darkAfterSeconds;
  private final double drainPerSecond;

  private MetricsStubServer(double darkAfterSeconds, double drainPerSecond) throws IOException {
    this.darkAfterSeconds = darkAfterSeconds;
    this.drainPerSecond = drainPerSecond;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** {@code /metrics} goes dark {@code seconds} after the first chat request. */
  static MetricsStubServer darkAfter(double seconds) throws IOException {
    return new MetricsStubServer(seconds, Double.NaN);
  }

  /** Every chat request leaves a job, drained at {@code drainPerSecond}. */
  static MetricsStubServer leavingWork(double drainPerSecond) throws IOException {
    return new MetricsStubServer(Double.POSITIVE_INFINITY, drainPerSecond);
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** {@code /metrics} requests left hanging. */
  int hungScrapes() {
    return hung.get();
  }

  private double secondsSinceFirstChat() {
    long first = firstChatNanos.get();
    return first == 0 ? 0 : (System.nanoTime() - first) / 1e9;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      String path = exchange.getRequestURI().getPath();
      if (path.equals("/metrics")) {
        metrics(exchange);
      } else if (path.equals("/v1/models")) {
        StubAnswers.models(exchange);
      } else if (path.equals("/v1/chat/completions")) {
        firstChatNanos.compareAndSet(0, System.nanoTime());
        chats.incrementAndGet();
        inFlight.incrementAndGet();
        try {
          if (new String(body, StandardCharsets.UTF_8).contains("\"stream\":true")) {
            StubAnswers.stream(exchange);
          } else {
            StubAnswers.completion(exchange);
          }
        } finally {
          inFlight.decrementAndGet();
        }
      } else {
        StubAnswers.send(
            exchange, 404, "application/json", "{\"error\":{\"message\":\"not found\"}}");
      }
    }
  }

  private void metrics(HttpExchange exchange) throws IOException {
    int n = metricsRequests.incrementAndGet();
    boolean dark = firstChatNanos.get() != 0 && secondsSinceFirstChat() >= darkAfterSeconds;
    double deferred;
    double processing;
    if (dark) {
      if (n % 4 != 0) {
        hung.incrementAndGet();
        try {
          Thread.sleep(10_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      deferred = 1;
      processing = inFlight.get();
    } else if (!Double.isNaN(drainPerSecond)) {
      double backlog =
          Math.max(0, Math.floor(chats.get() - drainPerSecond * secondsSinceFirstChat()));
      processing = Math.min(4, backlog);
      deferred = backlog - processing;
    } else {
      deferred = 0;
      processing = inFlight.get();
    }
    StubAnswers.send(
        exchange,
        200,
        "text/plain; version=0.0.4",
        "# HELP llamacpp:requests_processing Number of requests processing.\n"
            + "# TYPE llamacpp:requests_processing gauge\n"
            + "llamacpp:requests_processing "
            + processing
            + "\n# TYPE llamacpp:requests_deferred gauge\n"
            + "llamacpp:requests_deferred "
            + deferred
            + "\n# TYPE llamacpp:prompt_tokens_total counter\n"
            + "llamacpp:prompt_tokens_total "
            + 100 * chats.get()
            + "\n");
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
