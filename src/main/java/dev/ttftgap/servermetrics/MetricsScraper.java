package dev.ttftgap.servermetrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Scrapes a server's {@code /metrics} once a second on a thread of its own during a load run and
 * appends every scrape to a {@link ScrapeFile}, keeping only the samples of families some {@link
 * MetricsDialect} knows. It never fails the run: a scrape that times out, answers an error or does
 * not parse is written as a failed scrape, and the first such problem (and a page without any known
 * family) is told in one line.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * MetricsScraper scraper = MetricsScraper.start(URI.create("http://127.0.0.1:8000/metrics"),
 *     Path.of("server-metrics.jsonl"), Optional.empty(), System.out::println);
 * ... the load runs ...
 * scraper.stop(); // one last scrape, then the file is closed
 * }</pre>
 *
 * <p>Parameters with defaults: interval 1 s, timeout 2 s per scrape (connect and response).
 */
public final class MetricsScraper {
  static final Duration INTERVAL = Duration.ofSeconds(1);
  static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final URI url;
  private final ScrapeFile file;
  private final Optional<String> bearerKey;
  private final Consumer<String> notes;
  private final HttpClient client;
  private final ScheduledExecutorService thread;
  private volatile boolean failureTold;
  private volatile boolean unknownTold;
  private volatile boolean vendorTold;
  private int scrapes;
  private int failures;

  private MetricsScraper(URI url, Path file, Optional<String> bearerKey, Consumer<String> notes) {
    this.url = url;
    this.file = ScrapeFile.create(file);
    this.bearerKey = bearerKey;
    this.notes = notes;
    this.client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "ttft-gap-metrics-scraper");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Starts scraping {@code url} into {@code file} now and every second.
   *
   * @param bearerKey sent as {@code Authorization: Bearer}, as some gateways protect {@code
   *     /metrics} like the API; never written anywhere
   * @param notes receives the one-line notes (a console printer)
   */
  public static MetricsScraper start(
      URI url, Path file, Optional<String> bearerKey, Consumer<String> notes) {
    MetricsScraper scraper = new MetricsScraper(url, file, bearerKey, notes);
    scraper.thread.scheduleAtFixedRate(
        scraper::scrapeOnce, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    return scraper;
  }

  /** Stops the schedule, scrapes once more (the last step's end) and closes the file. */
  public void stop() {
    thread.shutdown();
    try {
      thread.awaitTermination(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    scrapeOnce();
    file.close();
  }

  /** Scrapes so far, failed ones included. */
  public synchronized int scrapes() {
    return scrapes;
  }

  /** Failed scrapes so far. */
  public synchronized int failures() {
    return failures;
  }

  private void scrapeOnce() {
    String error;
    List<MetricSample> known = List.of();
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(url).timeout(TIMEOUT).header("Accept", "text/plain").GET();
      bearerKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
      HttpResponse<String> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        error = "HTTP " + response.statusCode();
      } else {
        List<MetricSample> all = PrometheusText.parse(response.body());
        known =
            all.stream()
                .filter(s -> Double.isFinite(s.value()))
                .filter(
                    s ->
                        java.util.Arrays.stream(MetricsDialect.values())
                            .anyMatch(d -> d.metricOf(s.name()).isPresent()))
                .toList();
        error = null;
        tellVendor(known);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      error = "interrupted";
    } catch (Exception e) {
      error = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
    synchronized (this) {
      scrapes++;
      if (error != null) {
        failures++;
      }
    }
    if (error != null && !failureTold) {
      failureTold = true;
      notes.accept(
          "ttft-gap: server metrics: "
              + url
              + " gave no metrics ("
              + error.lines().findFirst().orElse(error)
              + "); the run goes on without the server's view (set -Dmetrics.url=URL, or off)");
    }
    try {
      file.write(new Scrape(System.currentTimeMillis(), url.toString(), known, error));
    } catch (RuntimeException e) {
      // a full disk must not stop the load; the analysis then has fewer scrapes
    }
  }

  private void tellVendor(List<MetricSample> known) {
    if (known.isEmpty()) {
      if (!unknownTold) {
        unknownTold = true;
        notes.accept(
            "ttft-gap: server metrics: "
                + url
                + " has no vLLM, SGLang, TGI or llama.cpp family; no server-side figures");
      }
      return;
    }
    if (!vendorTold) {
      vendorTold = true;
      notes.accept(
          "ttft-gap: server metrics: scraping "
              + url
              + " every second ("
              + MetricsDialect.recognise(known).map(MetricsDialect::id).orElse("unknown")
              + " families)");
    }
  }
}
