package dev.ttftgap.servermetrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One scrape of a server's {@code /metrics}: one line of {@code server-metrics.jsonl}.
 *
 * @param epochMillis when the response arrived (the load generator's clock, as the records')
 * @param url the URL scraped
 * @param samples the samples of known families ({@link MetricsDialect}); empty on failure
 * @param error why the scrape failed (status, timeout, unparsable text); null when it worked
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Scrape(long epochMillis, String url, List<MetricSample> samples, String error) {
  public Scrape {
    samples = samples == null ? List.of() : List.copyOf(samples);
  }

  public boolean ok() {
    return error == null;
  }
}
