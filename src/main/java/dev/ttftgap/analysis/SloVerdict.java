package dev.ttftgap.analysis;

/**
 * The highest rate that meets the SLO (see {@link SloEvaluator}).
 *
 * @param ttftP95LimitMillis SLO on p95 TTFT, ms
 * @param gapP95LimitMillis SLO on p95 gap, ms
 * @param errorRateLimitPercent SLO on the error rate, percent
 * @param maxSustainableRate highest rate meeting the SLO, requests/s, interpolated; null when the
 *     first step already fails
 * @param lowerBound true when every step passed: the true limit is at least {@code
 *     maxSustainableRate}
 * @param lastPassingStep last step of the passing run from the first step; null when none
 * @param firstFailingStep first failing step; null when none
 * @param limitingMetric what failed first: {@code "ttft_p95"}, {@code "gap_p95"} or {@code
 *     "error_rate"}; null when nothing failed
 */
public record SloVerdict(
    double ttftP95LimitMillis,
    double gapP95LimitMillis,
    double errorRateLimitPercent,
    Double maxSustainableRate,
    boolean lowerBound,
    Integer lastPassingStep,
    Integer firstFailingStep,
    String limitingMetric) {}
