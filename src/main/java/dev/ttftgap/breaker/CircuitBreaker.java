package dev.ttftgap.breaker;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RequestRecord;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides, from requests as they finish, when a run must stop because the endpoint rejects its
 * load.
 *
 * <p>Algorithm overview: every finished request the server answered (or failed to answer) enters a
 * sliding window of the last {@link BreakerPolicy#windowRequests()} requests. The breaker trips on
 * the first of:
 *
 * <ol>
 *   <li><b>rate limit</b>: more than {@link BreakerPolicy#rateLimitedPercent()} % of the window
 *       (counted against the full window size, so it can trip before the window fills) answered
 *       HTTP 429. The verdict gives the rate the limiter let through (requests of the window that
 *       were not rate-limited, per second of the window's span).
 *   <li><b>same failure in a row</b>: the last {@link BreakerPolicy#consecutiveFailures()} requests
 *       all failed with one {@link FailureLabel} (401, 404, 400 context length...).
 *   <li><b>error rate</b>: the window is full and at least {@link BreakerPolicy#errorRatePercent()}
 *       % of it failed.
 * </ol>
 *
 * <p>Worked example with the defaults (window 20, 50 %, 10 in a row, 429 tolerance 10 %): against
 * an endpoint answering 400 to everything the 10th request trips it ("the last 10 requests all
 * failed with HTTP 400 (context length)"); against one answering 429 to everything the 3rd does (3
 * &gt; 10 % of 20); one with 60 % of timeouts mixed with successes trips once 20 requests are in.
 *
 * <p>Assumptions: requests the tool cut itself ({@code interrupted}, {@code stopped_by_breaker},
 * {@code stopped_saturated}) say nothing about the server and are ignored. Once tripped it stays
 * tripped. Thread-safe.
 *
 * <p>A common pattern: {@code records.onAppend(record -> breaker.observe(record))}, and before each
 * request {@code if (breaker.tripped()) stop the injection}.
 */
public final class CircuitBreaker {
  private final BreakerPolicy policy;
  private final Deque<RequestRecord> window = new ArrayDeque<>();
  private volatile BreakerTrip trip;

  public CircuitBreaker(BreakerPolicy policy) {
    this.policy = policy;
  }

  /** True once the breaker has tripped. */
  public boolean tripped() {
    return trip != null;
  }

  /** Why it tripped; empty while it has not. */
  public Optional<BreakerTrip> trip() {
    return Optional.ofNullable(trip);
  }

  /**
   * Takes one finished request into account.
   *
   * @return the trip, the first time a request trips the breaker; empty otherwise
   */
  public synchronized Optional<BreakerTrip> observe(RequestRecord record) {
    if (!policy.enabled()
        || trip != null
        || FailureReason.causedByClient(record.result().reason())) {
      return Optional.empty();
    }
    window.addLast(record);
    if (window.size() > policy.windowRequests()) {
      window.removeFirst();
    }
    String reason = rateLimited();
    if (reason == null) {
      reason = sameFailureInARow();
    }
    if (reason == null) {
      reason = errorRate();
    }
    if (reason == null) {
      return Optional.empty();
    }
    String where =
        record.level().step() < 1
            ? "during the warm-up"
            : "at "
                + (record.level().stepLabel() != null
                    ? record.level().stepLabel()
                    : "step " + record.level().step());
    trip =
        new BreakerTrip(
            record.level().step(), record.level().stepLabel(), "stopped " + where + ": " + reason);
    return Optional.of(trip);
  }

  private String rateLimited() {
    long limited = window.stream().filter(r -> isStatus(r, 429)).count();
    if (limited <= policy.rateLimitedPercent() / 100 * policy.windowRequests()) {
      return null;
    }
    String admitted = "";
    long first = window.getFirst().timings().startEpochMillis();
    long last = window.getLast().timings().startEpochMillis();
    if (last > first) {
      double seconds = (last - first) / 1000.0 * window.size() / (window.size() - 1);
      admitted =
          String.format(
              Locale.ROOT,
              "; the limiter let through about %.2f requests/s",
              (window.size() - limited) / seconds);
    }
    return String.format(
        Locale.ROOT,
        "%d of the last %d requests were rate-limited (HTTP 429), above the profile's tolerance"
            + " of %s%%%s; this measures the endpoint's limiter, not its capacity (raise"
            + " breaker.rateLimitedPercent to go on)",
        limited,
        window.size(),
        trim(policy.rateLimitedPercent()),
        admitted);
  }

  private String sameFailureInARow() {
    int n = policy.consecutiveFailures();
    if (window.size() < n) {
      return null;
    }
    String label = null;
    int seen = 0;
    for (var it = window.descendingIterator(); it.hasNext() && seen < n; seen++) {
      RequestRecord r = it.next();
      String l = FailureLabel.of(r);
      if (r.ok() || (label != null && !label.equals(l))) {
        return null;
      }
      label = l;
    }
    return String.format(Locale.ROOT, "the last %d requests all failed with %s", n, label);
  }

  private String errorRate() {
    if (window.size() < policy.windowRequests()) {
      return null;
    }
    Map<String, Long> failures =
        window.stream()
            .filter(r -> !r.ok())
            .collect(
                Collectors.groupingBy(FailureLabel::of, LinkedHashMap::new, Collectors.counting()));
    long failed = failures.values().stream().mapToLong(Long::longValue).sum();
    if (failed == 0 || 100.0 * failed / window.size() < policy.errorRatePercent()) {
      return null;
    }
    String how =
        failures.size() == 1
            ? "with " + failures.keySet().iterator().next()
            : failures.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", ", "(", ")"));
    return String.format(
        Locale.ROOT, "%d of the last %d requests failed %s", failed, window.size(), how);
  }

  private static boolean isStatus(RequestRecord r, int status) {
    return !r.ok() && r.result().httpStatus() != null && r.result().httpStatus() == status;
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
