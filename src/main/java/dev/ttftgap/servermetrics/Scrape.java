package dev.ttftgap.servermetrics;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One scrape of a server's {@code /metrics}: one line of {@code server-metrics.jsonl}.
 *
 * @param epochMillis when the response arrived, or the attempt gave up (the load generator's clock,
 *     as the records')
 * @param url the URL scraped
 * @param samples the samples of known families ({@link MetricsDialect}); empty on failure
 * @param error why the scrape failed (status, timeout, unparsable text); null when it worked
 * @param failure the kind of failure; null when it worked. Read from {@code error} when a file
 *     written before this field lacks it
 * @param phase {@value #AFTER_RUN} for the readings taken after the load ended (see {@link
 *     AfterRunCheck}); null during the run
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Scrape(
    long epochMillis,
    String url,
    List<MetricSample> samples,
    String error,
    ScrapeFailure failure,
    String phase) {
  /** The phase of the readings taken after the load ended. */
  public static final String AFTER_RUN = "after-run";

  public Scrape {
    samples = samples == null ? List.of() : List.copyOf(samples);
    if (error != null && failure == null) {
      failure = ScrapeFailure.fromError(error);
    }
    if (error == null) {
      failure = null;
    }
  }

  /** A scrape during the run, its failure kind read from {@code error}. */
  public Scrape(long epochMillis, String url, List<MetricSample> samples, String error) {
    this(epochMillis, url, samples, error, null, null);
  }

  @JsonIgnore
  public boolean ok() {
    return error == null;
  }

  /** True when the attempt timed out. */
  @JsonIgnore
  public boolean timedOut() {
    return failure == ScrapeFailure.TIMEOUT;
  }

  /** True for the readings after the load ended ({@link #AFTER_RUN}). */
  @JsonIgnore
  public boolean afterRun() {
    return AFTER_RUN.equals(phase);
  }
}
