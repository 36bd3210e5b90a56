package dev.ttftgap.gatling;

import dev.ttftgap.servermetrics.AfterRunCheck;
import dev.ttftgap.servermetrics.MetricsScraper;
import java.io.PrintStream;

/**
 * The run's end on the server's side: stops the scraper with its after-run check ({@link
 * MetricsScraper#stopAndCheckAfterRun}) and prints what the run left on the server, so that the
 * user knows before starting the next run. Call it after the load ended and before an embedded
 * engine is stopped; it adds at most about 9 s to the run's end. The check itself and its sentence
 * are {@link AfterRunCheck}'s; the report says it again from {@code server-metrics.jsonl}.
 */
final class ServerLeftovers {
  private ServerLeftovers() {}

  /**
   * Stops {@code scraper} (null: nothing to do) and prints the after-run sentence, if any, saying
   * that its count includes the {@code cutRequests} requests the run cut (their connections close
   * only as the load generator exits).
   */
  static void stopAndTell(MetricsScraper scraper, int cutRequests, PrintStream out) {
    if (scraper == null) {
      return;
    }
    AfterRunCheck check = scraper.stopAndCheckAfterRun(MetricsScraper.AFTER_RUN_APART);
    if (check != null) {
      check.sentence(cutRequests).ifPresent(s -> out.println("ttft-gap: " + s));
    }
  }
}
