package dev.ttftgap.analysis;

/**
 * The highest load that meets the SLO (see {@link SloEvaluator}): an arrival rate in an open run, a
 * concurrency and the throughput achieved there in a closed run.
 *
 * @param slo the limits applied
 * @param maxSustainableRate highest arrival rate meeting the SLO, requests/s, interpolated; null
 *     when the first step already fails, and in a closed run (its load is a concurrency)
 * @param lowerBound true when every step passed: the true limit is at least {@code
 *     maxSustainableRate}
 * @param lastPassingStep last step of the passing run from the first step; null when none
 * @param firstFailingStep first failing step; null when none
 * @param limitingMetric what failed first: {@code "ttft_p95"}, {@code "gap_p95"}, {@code
 *     "error_rate"}, or a first-token kind's {@code "ttfvt_p95"}, {@code "ttfr_p95"}, {@code
 *     "ttftc_p95"} ({@link KindLimits}); null when nothing failed
 * @param maxConcurrency highest whole number of concurrent streams meeting the SLO (closed model):
 *     the interpolated crossing rounded down; null when the first step already fails, and in an
 *     open run
 * @param throughputAtMaxConcurrency successful completions per second at {@code maxConcurrency},
 *     interpolated between the two steps' achieved rates (closed model); null with {@code
 *     maxConcurrency}
 * @param method how the load was found ({@link SloMethod}); null when undefined
 * @param rateLow lower end of the interval the max sustainable rate lies in, requests/s: the last
 *     steady passing step (open model); null when undefined
 * @param rateHigh upper end of that interval, requests/s: the first failing step, never above the
 *     saturation rate (open model); null when unknown (every step passed, saturation not reached)
 * @param transientSteps steps that met the limits while their queue grew (not steady): transient
 *     passes, never counted as meeting the SLO
 * @param cappedBySaturation true when the answer was lowered to {@value
 *     SloEvaluator#MAX_UTILISATION} × the saturation rate
 * @param held the hold that proves the answer, when a search run held one; null otherwise
 */
public record SloVerdict(
    Slo slo,
    Double maxSustainableRate,
    boolean lowerBound,
    Integer lastPassingStep,
    Integer firstFailingStep,
    String limitingMetric,
    Integer maxConcurrency,
    Double throughputAtMaxConcurrency,
    SloMethod method,
    Double rateLow,
    Double rateHigh,
    java.util.List<Integer> transientSteps,
    boolean cappedBySaturation,
    HeldRate held) {

  public SloVerdict {
    transientSteps =
        transientSteps == null ? java.util.List.of() : java.util.List.copyOf(transientSteps);
  }

  /** The p95 TTFT limit applied, ms; {@link Slo#NO_LIMIT} when none. */
  public double ttftP95LimitMillis() {
    return slo.ttftP95LimitMillis();
  }

  /** The p95 gap limit applied, ms; {@link Slo#NO_LIMIT} when none. */
  public double gapP95LimitMillis() {
    return slo.gapP95LimitMillis();
  }

  /** The error-rate limit applied, percent; {@link Slo#NO_LIMIT} when none. */
  public double errorRateLimitPercent() {
    return slo.errorRateLimitPercent();
  }

  /**
   * The method as {@code capacity.json} names it: {@code "interpolated"}, {@code "model_capped"},
   * …; null when undefined.
   */
  public String methodLabel() {
    return method == null ? null : method.label(cappedBySaturation);
  }
}
