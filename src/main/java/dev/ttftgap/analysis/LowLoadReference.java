package dev.ttftgap.analysis;

/**
 * The low-load reference the queueing figures are measured against: the gap of the first step with
 * enough successful requests that is not found unsteady, when the server is assumed not to queue.
 *
 * @param step the step it was taken from
 * @param gapP50Millis median gap, ms
 * @param gapMeanMillis mean gap, ms
 * @param gapMadMillis median absolute deviation of the gap, ms
 * @param gapQuantilesMillis 100 evenly spaced quantiles of the gap, ms (its distribution)
 * @param ttfbP95Millis p95 TTFB, ms, or NaN when undefined
 * @param serviceMeanMillis mean e2e − TTFB (time a request holds the server), ms, or NaN
 * @param ttftMadMillis median absolute deviation of TTFT, ms, or NaN (the TTFT knee's band)
 */
record LowLoadReference(
    int step,
    double gapP50Millis,
    double gapMeanMillis,
    double gapMadMillis,
    double[] gapQuantilesMillis,
    double ttfbP95Millis,
    double serviceMeanMillis,
    double ttftMadMillis) {

  /** Minimum successful requests with a gap for a step to serve as the low-load baseline. */
  static final int MIN_SAMPLES = 10;

  static LowLoadReference of(StepSamples samples) {
    LatencySummary gap = samples.gap.summary();
    LatencySummary service = samples.service.summary();
    return new LowLoadReference(
        samples.step,
        gap.p50Millis(),
        gap.meanMillis(),
        samples.gapMadMillis(),
        samples.gap.quantilesMillis(100),
        samples.ttfb.count() == 0 ? Double.NaN : samples.ttfb.percentileMillis(95),
        service == null ? Double.NaN : service.meanMillis(),
        samples.ttftMadMillis());
  }
}
