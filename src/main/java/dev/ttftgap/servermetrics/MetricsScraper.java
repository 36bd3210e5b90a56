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
 * // or, to also tell what the run left on the server:
 * AfterRunCheck left = scraper.stopAndCheckAfterRun(MetricsScraper.AFTER_RUN_APART);
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
  private int answered;

  private MetricsScraper(
      URI url,
      Path file,
      Optional<String> bearerKey,
      Consumer<String> notes,
      HttpClient.Builder client) {
    this.url = url;
    this.file = ScrapeFile.create(file);
    this.bearerKey = bearerKey;
    this.notes = notes;
    this.client = client.connectTimeout(TIMEOUT).build();
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
    return start(url, file, bearerKey, notes, HttpClient.newBuilder());
  }

  /**
   * As above, through {@code client}: the run's CAs, HTTP version and proxy, as the load reaches
   * the server (its connect timeout is set here).
   */
  public static MetricsScraper start(
      URI url,
      Path file,
      Optional<String> bearerKey,
      Consumer<String> notes,
      HttpClient.Builder client) {
    MetricsScraper scraper = new MetricsScraper(url, file, bearerKey, notes, client);
    scraper.thread.scheduleAtFixedRate(
        scraper::scrapeOnce, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    return scraper;
  }

  /** Stops the schedule, scrapes once more (the last step's end) and closes the file. */
  public void stop() {
    stopScheduleAndScrapeLast();
    file.close();
  }

  /** Stops the schedule (waiting at most one timeout and a second) and scrapes once more. */
  private void stopScheduleAndScrapeLast() {
    thread.shutdown();
    try {
      thread.awaitTermination(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    scrapeOnce();
  }

  /** Scrapes so far, failed ones included. */
  public synchronized int scrapes() {
    return scrapes;
  }

  /** Failed scrapes so far. */
  public synchronized int failures() {
    return failures;
  }

  /**
   * Stops the schedule, scrapes once more (the last step's end), then checks what the run left on
   * the server ({@link AfterRunCheck}) and closes the file.
   *
   * <p>Algorithm overview: one reading right away; when it shows requests waiting or running, a
   * second one {@code apart} later, for the server's own drain rate; when it does not answer, one
   * retry a second later. Both readings go to the file with phase {@value Scrape#AFTER_RUN}.
   *
   * <p>Assumptions: the load has ended (no request of this run is being sent). Bounded: at most
   * {@code apart} + 2 × the timeout (2 s) added to the run's end, about 9 s with the default.
   *
   * @param apart between the two readings; default {@link #AFTER_RUN_APART}
   * @return the check; null when the server's {@code /metrics} never answered during the run (no
   *     /metrics to speak of, nothing to say)
   */
  public AfterRunCheck stopAndCheckAfterRun(Duration apart) {
    stopScheduleAndScrapeLast();
    boolean everAnswered;
    synchronized (this) {
      everAnswered = answered > 0;
    }
    if (!everAnswered) {
      file.close();
      return null;
    }
    List<Scrape> after = new java.util.ArrayList<>();
    after.add(scrapeAfterRun());
    AfterRunCheck first = AfterRunCheck.of(after);
    boolean again = !first.answered() || first.work() != null && first.work() > 0;
    if (again && pause(first.answered() ? apart : Duration.ofSeconds(1))) {
      after.add(scrapeAfterRun());
    }
    file.close();
    return AfterRunCheck.of(after);
  }

  /** Between the two readings after the run: long enough to see a slow server drain. */
  public static final Duration AFTER_RUN_APART = Duration.ofSeconds(5);

  private static boolean pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Scrape scrapeAfterRun() {
    Scrape scrape = fetch(Scrape.AFTER_RUN);
    write(scrape);
    return scrape;
  }

  private void scrapeOnce() {
    Scrape scrape = fetch(null);
    synchronized (this) {
      scrapes++;
      if (!scrape.ok()) {
        failures++;
      } else {
        answered++;
      }
    }
    if (!scrape.ok() && !failureTold) {
      failureTold = true;
      notes.accept(
          "ttft-gap: server metrics: "
              + url
              + " gave no metrics ("
              + scrape.error().lines().findFirst().orElse(scrape.error())
              + "); the run goes on without the server's view (set -Dmetrics.url=URL, or off)");
    }
    if (scrape.ok()) {
      tellVendor(scrape.samples());
    }
    write(scrape);
  }

  private void write(Scrape scrape) {
    try {
      file.write(scrape);
    } catch (RuntimeException e) {
      // a full disk must not stop the load; the analysis then has fewer scrapes
    }
  }

  /**
   * One GET, bounded by {@link #TIMEOUT} for the headers and one more second for the body (the
   * JDK's request timeout stops at the headers, and a server may hang after them).
   */
  private Scrape fetch(String phase) {
    String error;
    ScrapeFailure failure = null;
    List<MetricSample> known = List.of();
    java.util.concurrent.CompletableFuture<HttpResponse<String>> pending = null;
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(url).timeout(TIMEOUT).header("Accept", "text/plain").GET();
      bearerKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
      pending = client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> response = pending.get(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
      if (response.statusCode() != 200) {
        error = "HTTP " + response.statusCode();
        failure = ScrapeFailure.ERROR_STATUS;
      } else {
        try {
          known =
              PrometheusText.parse(response.body()).stream()
                  .filter(s -> Double.isFinite(s.value()))
                  .filter(
                      s ->
                          java.util.Arrays.stream(MetricsDialect.values())
                              .anyMatch(d -> d.metricOf(s.name()).isPresent()))
                  .toList();
          error = null;
        } catch (IllegalArgumentException e) {
          error = e.getMessage();
          failure = ScrapeFailure.UNPARSABLE;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      error = "interrupted";
      failure = ScrapeFailure.CONNECTION;
    } catch (java.util.concurrent.TimeoutException e) {
      error = "timed out after " + (TIMEOUT.toMillis() + 1000) + " ms";
      failure = ScrapeFailure.TIMEOUT;
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      error = describe(cause);
      failure =
          cause instanceof java.net.http.HttpTimeoutException
              ? ScrapeFailure.TIMEOUT
              : ScrapeFailure.CONNECTION;
    } catch (RuntimeException e) {
      error = describe(e);
      failure = ScrapeFailure.CONNECTION;
    } finally {
      if (pending != null) {
        pending.cancel(true);
      }
    }
    return new Scrape(System.currentTimeMillis(), url.toString(), known, error, failure, phase);
  }

  private static String describe(Throwable e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
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
