package dev.ttftgap.analysis;

/**
 * Where TTFT, what the user feels, leaves its low-load band, and where that growth is (see {@link
 * KneeDetector#detectTtft} and {@link QueueLocator}). The band is the gap knee's ({@link Knee}),
 * applied to TTFT.
 *
 * @param step the knee step; null when TTFT stayed in its band (or no baseline)
 * @param rate the knee step's rate, requests/s (in a closed run its measured arrival rate); null
 *     with {@code step}
 * @param concurrency the knee step's concurrency (closed run); null with {@code step} and in an
 *     open run
 * @param rateLow the load of the step before the knee step (concurrency in a closed run): the knee
 *     lies in (rateLow, rate]; null with {@code step}
 * @param baselineStep the low-load step; null when no step could serve
 * @param baselineTtftP50Millis low-load median TTFT, ms; null with {@code baselineStep}
 * @param bandUpperMillis upper edge of the median TTFT's low-load band, ms; null with {@code
 *     baselineStep}
 * @param p95Step the first step where the p95 TTFT leaves its own band for good; null when never
 * @param p95Rate that step's rate (concurrency in a closed run); null with {@code p95Step}
 * @param baselineTtftP95Millis low-load p95 TTFT, ms; null with {@code baselineStep}
 * @param p95BandUpperMillis upper edge of the p95 TTFT's band, ms; null with {@code baselineStep}
 * @param firstMoved {@code "p95"}, {@code "p50"} or {@code "together"}; null when neither moved
 * @param place where the growth is at the knee step; null with {@code step}
 * @param beforeHeadersSharePercent the TTFB part's share of the median growth at the knee step;
 *     null with {@code step} or when neither part grew
 */
public record TtftKnee(
    Integer step,
    Double rate,
    Integer concurrency,
    Double rateLow,
    Integer baselineStep,
    Double baselineTtftP50Millis,
    Double bandUpperMillis,
    Integer p95Step,
    Double p95Rate,
    Double baselineTtftP95Millis,
    Double p95BandUpperMillis,
    String firstMoved,
    QueuePlace place,
    Double beforeHeadersSharePercent) {

  static final TtftKnee UNDETERMINED =
      new TtftKnee(
          null, null, null, null, null, null, null, null, null, null, null, null, null, null);

  /** True when there was a low-load baseline to judge against. */
  public boolean determined() {
    return baselineStep != null;
  }

  public boolean found() {
    return step != null;
  }

  /** This knee attributed to {@code place} with the knee step's share before the headers. */
  TtftKnee attributed(QueuePlace place, Double beforeHeadersSharePercent) {
    return new TtftKnee(
        step,
        rate,
        concurrency,
        rateLow,
        baselineStep,
        baselineTtftP50Millis,
        bandUpperMillis,
        p95Step,
        p95Rate,
        baselineTtftP95Millis,
        p95BandUpperMillis,
        firstMoved,
        place,
        beforeHeadersSharePercent);
  }
}
