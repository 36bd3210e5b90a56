package dev.ttftgap.measure;

/**
 * The precise instants of one request, {@code System.nanoTime()} against one origin: when it was
 * handed to the HTTP client, when its status line arrived, when its first token was classified.
 * Gatling's own clock has whole-millisecond resolution (an epoch lies in (true − 2 ms, true]);
 * these stamps give the durations to the microsecond, as far as the client's event loop is on time
 * (see the load generator's event-loop delay).
 *
 * <p>Written by the I/O thread of the request's connection and read after the stream ended by the
 * user's next action: the fields are volatile. An instant not stamped is {@link #UNSET}.
 */
public final class RequestStamps {
  static final long UNSET = Long.MIN_VALUE;

  private volatile long sentNanos = UNSET;
  private volatile long sentEpochMicros = UNSET;
  private volatile long headersNanos = UNSET;
  private volatile long firstTokenNanos = UNSET;
  private volatile String errorLine;

  /**
   * The value of the first {@code error:} line of a 200 stream (llama.cpp's mid-stream failure,
   * which is no {@code data:} line and which Gatling's SSE decoder drops), as read from the raw
   * bytes; the first call wins.
   */
  public void errorLine(String value) {
    if (errorLine == null) {
      errorLine = value;
    }
  }

  /** The first {@code error:} line's value, or null when the stream had none. */
  public String errorLine() {
    return errorLine;
  }

  /** The request was handed to the HTTP client (the first call wins: a re-sent POST keeps it). */
  public void sent(long nanos) {
    sent(nanos, UNSET);
  }

  /**
   * As {@link #sent(long)}, with the wall clock read at the same moment ({@code Instant.now()}, µs
   * since the epoch): the absolute instant the precise durations count from.
   */
  public void sent(long nanos, long epochMicros) {
    if (sentNanos == UNSET) {
      sentNanos = nanos;
      sentEpochMicros = epochMicros;
    }
  }

  /** When the request was handed to the HTTP client, µs since the epoch; null when not stamped. */
  public Long sentEpochMicros() {
    long value = sentEpochMicros;
    return value == UNSET ? null : value;
  }

  /** The response status and headers arrived (the first call wins). */
  public void headers(long nanos) {
    if (headersNanos == UNSET) {
      headersNanos = nanos;
    }
  }

  /** The first event with a token was classified (the first call wins). */
  public void firstToken(long nanos) {
    if (firstTokenNanos == UNSET) {
      firstTokenNanos = nanos;
    }
  }

  /** Send → headers, µs; null when either was not stamped. */
  public Long ttfbMicros() {
    return between(sentNanos, headersNanos);
  }

  /** Send → first token, µs; null when either was not stamped. */
  public Long ttftMicros() {
    return between(sentNanos, firstTokenNanos);
  }

  /**
   * Headers → first token, µs; null when either was not stamped. With a send stamp it is {@code
   * ttftMicros − ttfbMicros} exactly (each truncated to the µs on its own), as the record defines
   * it.
   */
  public Long gapMicros() {
    Long ttfb = ttfbMicros();
    Long ttft = ttftMicros();
    if (ttfb != null && ttft != null) {
      return ttft >= ttfb ? ttft - ttfb : null;
    }
    return between(headersNanos, firstTokenNanos);
  }

  private static Long between(long from, long to) {
    return from == UNSET || to == UNSET || to < from ? null : (to - from) / 1000;
  }
}
