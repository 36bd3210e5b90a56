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
  private volatile long writtenNanos = UNSET;
  private volatile Boolean firstOnConnection;
  private volatile boolean http2;

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

  /**
   * The request was written to a connection (the first call wins): {@code firstOnConnection} when
   * no request had been written to that connection before, i.e. it was opened for this one.
   */
  public void written(long nanos, boolean firstOnConnection) {
    if (writtenNanos == UNSET) {
      writtenNanos = nanos;
      this.firstOnConnection = firstOnConnection;
    }
  }

  /**
   * The client learnt the connection's protocol. Gatling 3.15.1 says so only for HTTP/2 ({@code
   * DefaultHttpClient} calls {@code onProtocolAwareness(true)} before writing to an HTTP/2
   * connection): a request written without it went over HTTP/1.1.
   */
  public void protocol(boolean isHttp2) {
    if (isHttp2) {
      http2 = true;
    }
  }

  /** {@code "2"}, {@code "1.1"} once written without HTTP/2, else null (never written). */
  public String httpVersion() {
    if (http2) {
      return "2";
    }
    return writtenNanos == UNSET ? null : "1.1";
  }

  /** Whether the request opened its connection; null when its write was not seen. */
  public Boolean firstOnConnection() {
    return firstOnConnection;
  }

  /**
   * Send → written to the connection, µs: connect, proxy tunnel and TLS handshake on a new
   * connection; null when either was not stamped.
   */
  public Long setupMicros() {
    return between(sentNanos, writtenNanos);
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
