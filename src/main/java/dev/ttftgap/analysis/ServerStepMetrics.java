package dev.ttftgap.analysis;

/**
 * The server's own figures over one load step, from its {@code /metrics} (see {@link
 * ServerMetricsAnalysis}); null when the server does not report it or no scrape fell in the step.
 *
 * @param step 1-based step index
 * @param scrapes successful scrapes inside the step window
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
    Double preemptions) {}
