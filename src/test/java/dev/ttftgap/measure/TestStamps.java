package dev.ttftgap.measure;

/**
 * {@link RequestStamps} set by hand, {@code System.nanoTime()} values: an instant given as null is
 * not stamped.
 */
final class TestStamps {
  private TestStamps() {}

  /** The stamps of a request, its send without the wall-clock instant. */
  static RequestStamps stamped(Long sentNanos, Long headersNanos, Long firstTokenNanos) {
    return stamped(sentNanos, RequestStamps.UNSET, headersNanos, firstTokenNanos);
  }

  /**
   * The stamps of a request sent at {@code sentNanos}, {@code sentEpochMicros} by the wall clock.
   */
  static RequestStamps stamped(
      Long sentNanos, long sentEpochMicros, Long headersNanos, Long firstTokenNanos) {
    RequestStamps stamps = new RequestStamps();
    if (sentNanos != null) {
      stamps.sent(sentNanos, sentEpochMicros);
    }
    if (headersNanos != null) {
      stamps.headers(headersNanos);
    }
    if (firstTokenNanos != null) {
      stamps.firstToken(firstTokenNanos);
    }
    return stamps;
  }
}
