package dev.ttftgap.stream;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;

/**
 * What the client observed for one streaming request, on one clock (epoch milliseconds): when it
 * sent the request, when the headers arrived, each classified event in arrival order, and when the
 * stream finished. {@link RequestMetrics#of(StreamTimeline)} turns it into the metrics.
 *
 * <p>Every timestamp must come from the same clock (the load generator's); never mix Gatling's
 * arrival timestamps with {@code System.currentTimeMillis()} taken elsewhere. Timestamps are
 * recorded as given, not checked for order: a clock step backwards shows up as a negative interval
 * rather than a crash in the middle of a run.
 *
 * <p>Not thread-safe: one timeline per request, filled by the thread that handles its events.
 */
public final class StreamTimeline {

  /** One event as it arrived. */
  public record Event(long epochMillis, Chunk chunk) {}

  private final long sendEpochMillis;
  private long headersEpochMillis;
  private boolean headers;
  private long endEpochMillis;
  private boolean ended;
  private final List<Event> events = new ArrayList<>();

  /** Starts the timeline of a request handed to the connection at {@code sendEpochMillis}. */
  public StreamTimeline(long sendEpochMillis) {
    this.sendEpochMillis = sendEpochMillis;
  }

  /** Response headers received; only the first call counts. */
  public StreamTimeline headers(long epochMillis) {
    if (!headers) {
      headers = true;
      headersEpochMillis = epochMillis;
    }
    return this;
  }

  /** One classified event, in arrival order. */
  public StreamTimeline event(long epochMillis, Chunk chunk) {
    if (chunk == null) {
      throw new IllegalArgumentException("chunk must not be null");
    }
    events.add(new Event(epochMillis, chunk));
    return this;
  }

  /** The stream finished (after {@code [DONE]}, or a clean end); only the first call counts. */
  public StreamTimeline end(long epochMillis) {
    if (!ended) {
      ended = true;
      endEpochMillis = epochMillis;
    }
    return this;
  }

  public long sendEpochMillis() {
    return sendEpochMillis;
  }

  public OptionalLong headersEpochMillis() {
    return headers ? OptionalLong.of(headersEpochMillis) : OptionalLong.empty();
  }

  public OptionalLong endEpochMillis() {
    return ended ? OptionalLong.of(endEpochMillis) : OptionalLong.empty();
  }

  /** The events so far, in arrival order; a read-only view. */
  public List<Event> events() {
    return Collections.unmodifiableList(events);
  }
}
