package dev.ttftgap.analysis;

/**
 * The highest load that meets the SLO (see {@link SloEvaluator}): an arrival rate in an open run, a
 * concurrency and the throughput achieved there in a closed run.
 *
 * @param ttftP95LimitMillis SLO on p95 TTFT, ms
 * @param gapP95LimitMillis SLO on p95 gap, ms
 * @param errorRateLimitPercent SLO on the error rate, percent
 * @param maxSustainableRate highest arrival rate meeting the SLO, requests/s, interpolated; null
 *     when the first step already fails, and in a closed run (its load is a concurrency)
 * @param lowerBound true when every step passed: the true limit is at least {@code
 *     maxSustainableRate}
 * @param lastPassingStep last step of the passing run from the first step; null when none
 * @param firstFailingStep first failing step; null when none
 * @param limitingMetric what failed first: {@code "ttft_p95"}, {@code "gap_p95"} or {@code
 *     "error_rate"}; null when nothing failed
 * @param maxConcurrency highest whole number of concurrent streams meeting the SLO (closed model):
 *     the interpolated crossing rounded down; null when the first step already fails, and in an
 *     open run
 * @param throughputAtMaxConcurrency successful completions per second at {@code maxConcurrency},
 *     interpolated between the two steps' achieved rates (closed model); null with {@code
 *     maxConcurrency}
 */
public record SloVerdict(
    double ttftP95LimitMillis,
    double gapP95LimitMillis,
    double errorRateLimitPercent,
    Double maxSustainableRate,
    boolean lowerBound,
    Integer lastPassingStep,
    Integer firstFailingStep,
    String limitingMetric,
    Integer maxConcurrency,
    Double throughputAtMaxConcurrency) {}
