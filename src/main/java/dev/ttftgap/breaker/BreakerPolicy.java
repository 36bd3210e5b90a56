package dev.ttftgap.breaker;

/**
 * When the circuit breaker stops a run (the load profile's {@code breaker} object; every field
 * optional).
 *
 * @param enabled false: never stop (default true)
 * @param windowRequests the sliding window: the last N finished requests (default {@value
 *     #DEFAULT_WINDOW_REQUESTS})
 * @param errorRatePercent stop when at least this share of a full window failed (default {@value
 *     #DEFAULT_ERROR_RATE_PERCENT})
 * @param consecutiveFailures stop after this many failures in a row with one reason, e.g. HTTP 401
 *     (default {@value #DEFAULT_CONSECUTIVE_FAILURES})
 * @param rateLimitedPercent the tolerance for HTTP 429: stop when more than this share of the
 *     window was rate-limited (default {@value #DEFAULT_RATE_LIMITED_PERCENT})
 */
public record BreakerPolicy(
    boolean enabled,
    int windowRequests,
    double errorRatePercent,
    int consecutiveFailures,
    double rateLimitedPercent) {

  public static final int DEFAULT_WINDOW_REQUESTS = 20;
  public static final double DEFAULT_ERROR_RATE_PERCENT = 50;
  public static final int DEFAULT_CONSECUTIVE_FAILURES = 10;
  public static final double DEFAULT_RATE_LIMITED_PERCENT = 10;

  /** On, with the defaults above. */
  public static final BreakerPolicy DEFAULTS =
      new BreakerPolicy(
          true,
          DEFAULT_WINDOW_REQUESTS,
          DEFAULT_ERROR_RATE_PERCENT,
          DEFAULT_CONSECUTIVE_FAILURES,
          DEFAULT_RATE_LIMITED_PERCENT);

  public BreakerPolicy {
    if (windowRequests < 1) {
      throw new IllegalArgumentException("windowRequests must be >= 1, was " + windowRequests);
    }
    if (consecutiveFailures < 1) {
      throw new IllegalArgumentException(
          "consecutiveFailures must be >= 1, was " + consecutiveFailures);
    }
  }

  /** One line for the console, e.g. {@code circuit breaker on: ...}. */
  public String summary() {
    if (!enabled) {
      return "circuit breaker off";
    }
    return String.format(
        java.util.Locale.ROOT,
        "circuit breaker on: stops when %s%% of the last %d requests fail, after %d failures in a"
            + " row with one reason, or when more than %s%% of the last %d are rate-limited (429)",
        trim(errorRatePercent),
        windowRequests,
        consecutiveFailures,
        trim(rateLimitedPercent),
        windowRequests);
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
