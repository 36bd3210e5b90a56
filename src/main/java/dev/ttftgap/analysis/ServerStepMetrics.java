package dev.ttftgap.analysis;

/**
 * The server's own figures over one load step, from its {@code /metrics} (see {@link
 * ServerMetricsAnalysis}); null when the server does not report it or no scrape fell in the step. A
 * step whose scrape coverage is below {@value ServerMetricsAnalysis#COVERAGE_THRESHOLD_PERCENT} %
 * is {@code dark}: every server-side figure is null (never 0, never the few readings it got).
 *
 * @param step 1-based step index
 * @param scrapes scrapes taken (answered and parsed) inside the step window
 * @param waitingMean requests waiting, mean over the step's scrapes
 * @param waitingMax requests waiting, max
 * @param runningMean requests running, mean
 * @param runningMax requests running, max
 * @param kvCacheUsageMeanPercent KV-cache use, mean, percent
 * @param queueTimeMeanMillis server queue time, mean (histogram Δ sum / Δ count)
 * @param queueTimeP50Millis server queue time, median, interpolated in its bucket
 * @param queueTimeP95Millis server queue time, p95, interpolated in its bucket
 * @param ttftMeanMillis server TTFT, mean
 * @param ttftP50Millis server TTFT, median, interpolated
 * @param ttftP95Millis server TTFT, p95, interpolated
 * @param prefillMeanMillis server prefill time, mean
 * @param decomposition where the client's mean TTFT went
 * @param preemptions sequences the server preempted during the step (its preemption counter's
 *     increase between the step's first and last scrape); null when the server exposes no such
 *     counter
 * @param scrapesFailed scrapes inside the window that failed otherwise (error status, unparsable
 *     page, no connection)
 * @param scrapesTimedOut scrapes inside the window that timed out
 * @param scrapesExpected scrapes the step should hold at one a second
 * @param coveragePercent taken ÷ expected, at most 100
 * @param dark true when the coverage is below the threshold: no server-side figures for the step
 */
public record ServerStepMetrics(
    int step,
    int scrapes,
    Double waitingMean,
    Double waitingMax,
    Double runningMean,
    Double runningMax,
    Double kvCacheUsageMeanPercent,
    Double queueTimeMeanMillis,
    Double queueTimeP50Millis,
    Double queueTimeP95Millis,
    Double ttftMeanMillis,
    Double ttftP50Millis,
    Double ttftP95Millis,
    Double prefillMeanMillis,
    GapDecomposition decomposition,
    Double preemptions,
    int scrapesFailed,
    int scrapesTimedOut,
    int scrapesExpected,
    double coveragePercent,
    boolean dark) {

  /**
   * A dark step: too few scrapes to speak for the server, so every server-side figure is null (a
   * figure from a few readings would pass for the step's); the client's decomposition and the
   * scrape counts remain, to say why the step is dark.
   */
  public static ServerStepMetrics dark(
      int step,
      int scrapes,
      GapDecomposition decomposition,
      int scrapesFailed,
      int scrapesTimedOut,
      int scrapesExpected,
      double coveragePercent) {
    return new ServerStepMetrics(
        step,
        scrapes,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        decomposition,
        null,
        scrapesFailed,
        scrapesTimedOut,
        scrapesExpected,
        coveragePercent,
        true);
  }
}
