package dev.ttftgap.servermetrics;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Why a scrape gave no metrics, as {@code server-metrics.jsonl} names it ({@code "failure":
 * "timeout"}). A timeout is told apart because it is what a server does when it answers {@code
 * /metrics} from the same worker pool as the load (llama.cpp's {@code llama-server}): the page is
 * there, the server is too busy to serve it.
 */
public enum ScrapeFailure {
  /** No response within the scraper's timeout (connect or response). */
  TIMEOUT,
  /** An answer, but not 200. */
  ERROR_STATUS,
  /** A 200 whose body is not Prometheus text. */
  UNPARSABLE,
  /** Refused, reset or otherwise no HTTP exchange. */
  CONNECTION;

  @JsonValue
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The kind an older file's error text implies (files written before the kind was recorded): a
   * {@code ...TimeoutException} is a timeout, {@code HTTP 503} an error status, a parser message an
   * unparsable page, anything else a connection failure.
   */
  public static ScrapeFailure fromError(String error) {
    if (error.contains("Timeout") || error.contains("timed out")) {
      return TIMEOUT;
    }
    if (error.startsWith("HTTP ")) {
      return ERROR_STATUS;
    }
    if (error.contains("not a Prometheus sample")) {
      return UNPARSABLE;
    }
    return CONNECTION;
  }
}
