package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scraper against a loopback {@code /metrics} whose behaviour the test switches: it records
 * each failure's kind, and after the run checks what the server still has to do, within its bound.
 */
class MetricsScraperIT {
  private static final String PAGE =
      "llamacpp:requests_deferred %s\nllamacpp:requests_processing %s\n";

  /** What {@code /metrics} does now: a page, a status, garbage or a hang. */
  private final AtomicReference<String> mode = new AtomicReference<>("page 0 0");

  @Test
  void eachFailedScrapeIsWrittenWithItsKind(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(ScrapeFile.NAME);
    try (Loopback server = new Loopback()) {
      MetricsScraper scraper =
          MetricsScraper.start(server.url(), file, Optional.empty(), note -> {});
      Thread.sleep(1_500);
      mode.set("status 503");
      Thread.sleep(1_500);
      mode.set("garbage");
      Thread.sleep(1_500);
      mode.set("hang");
      Thread.sleep(3_500);
      mode.set("page 0 0");
      scraper.stop();
    }

    List<Scrape> scrapes = ScrapeFile.read(file);
    assertThat(scrapes).as("answered while the page was served").anyMatch(Scrape::ok);
    assertThat(scrapes)
        .extracting(Scrape::failure)
        .as("every kind, in the file")
        .contains(ScrapeFailure.ERROR_STATUS, ScrapeFailure.UNPARSABLE, ScrapeFailure.TIMEOUT);
    assertThat(scrapes.stream().filter(Scrape::timedOut).findFirst().orElseThrow().error())
        .as("a hang past the 2 s timeout")
        .contains("Timeout");
  }

  @Test
  void workLeftAfterTheRunIsReadTwiceApartWithinTheBound(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(ScrapeFile.NAME);
    AfterRunCheck check;
    long tookMillis;
    try (Loopback server = new Loopback()) {
      MetricsScraper scraper =
          MetricsScraper.start(server.url(), file, Optional.empty(), note -> {});
      Thread.sleep(1_200);
      mode.set("page 10 4");
      long start = System.nanoTime();
      Thread draining =
          new Thread(
              () -> {
                try {
                  Thread.sleep(1_000);
                  mode.set("page 6 4");
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      draining.start();
      check = scraper.stopAndCheckAfterRun(Duration.ofSeconds(2));
      tookMillis = (System.nanoTime() - start) / 1_000_000;
      draining.join();
    }

    assertThat(check.attempts()).as("work left: a second reading").isEqualTo(2);
    assertThat(check.waiting()).isEqualTo(6.0);
    assertThat(check.running()).isEqualTo(4.0);
    assertThat(check.drainRatePerSec()).as("14 → 10 in about 2 s").isBetween(1.5, 2.5);
    assertThat(tookMillis).as("bounded: the 2 s apart plus two quick readings").isLessThan(5_000);
    assertThat(ScrapeFile.read(file).stream().filter(Scrape::afterRun))
        .as("both after-run readings in the file")
        .hasSize(2);
  }

  @Test
  void aServerThatNeverAnsweredGetsNoAfterRunCheck(@TempDir Path dir) throws Exception {
    mode.set("status 404");
    try (Loopback server = new Loopback()) {
      MetricsScraper scraper =
          MetricsScraper.start(
              server.url(), dir.resolve(ScrapeFile.NAME), Optional.empty(), n -> {});
      Thread.sleep(300);
      assertThat(scraper.stopAndCheckAfterRun(Duration.ofSeconds(1)))
          .as("no /metrics at all: nothing to say")
          .isNull();
    }
  }

  /** A JDK HTTP server on loopback, port 0, one thread per request. */
  private final class Loopback implements AutoCloseable {
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final HttpServer server;

    Loopback() throws IOException {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext("/metrics", this::handle);
      server.setExecutor(executor);
      server.start();
    }

    URI url() {
      return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
    }

    private void handle(HttpExchange exchange) throws IOException {
      try (exchange) {
        String[] now = mode.get().split(" ");
        switch (now[0]) {
          case "hang" -> {
            try {
              Thread.sleep(10_000);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          case "status" -> exchange.sendResponseHeaders(Integer.parseInt(now[1]), -1);
          case "garbage" -> send(exchange, "this is { not prometheus\n");
          default -> send(exchange, PAGE.formatted(now[1], now[2]));
        }
      }
    }

    private void send(HttpExchange exchange, String body) throws IOException {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
      server.stop(0);
      executor.shutdownNow();
    }
  }
}
