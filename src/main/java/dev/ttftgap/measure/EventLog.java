package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.StreamAnswer;
import dev.ttftgap.stream.TtftKind;
import java.util.Arrays;
import java.util.List;

/**
 * The events of one streaming request, logged as they arrive, in arrival order. The Gatling glue
 * fills it from the SSE checks' matching step, which sees every event of the stream, so Gatling's
 * unmatched-message buffer (which would hold every event's JSON until the end of the stream) can
 * stay empty.
 *
 * <p>Not thread-safe: one request's events arrive on one event loop, one after another.
 */
public final class EventLog {
  private static final int FIRST_CAPACITY = 32;

  /** Arrival times and chunks side by side: no object per event beyond its chunk. */
  private long[] arrivals = new long[FIRST_CAPACITY];

  private Chunk[] chunks = new Chunk[FIRST_CAPACITY];
  private int size;
  private final RequestStamps stamps = new RequestStamps();
  private final TtftKind ttftKind;
  private String lastId;
  private String firstTokenId;

  /** The log of a request whose first token is its first output of any kind. */
  public EventLog() {
    this(TtftKind.ANY);
  }

  /**
   * The log of a request whose first token is its first output of {@code ttftKind} (its context's
   * {@link RequestContext#ttftKind()}): the event {@link #add} stamps, as the record counts it.
   */
  public EventLog(TtftKind ttftKind) {
    this.ttftKind = ttftKind == null ? TtftKind.ANY : ttftKind;
  }

  /**
   * The request's precise stamps: the glue stamps send and headers, {@link #add} the first token
   * (the first event carrying the log's kind).
   */
  public RequestStamps stamps() {
    return stamps;
  }

  /**
   * Logs an event that arrived at {@code epochMillis} (the load generator's clock) and was
   * classified at {@code nanos} ({@code System.nanoTime()}): the first token's instant (of the
   * log's kind) goes to {@link #stamps()}.
   */
  public void add(long epochMillis, long nanos, Chunk chunk) {
    if (chunk.carries(ttftKind)) {
      stamps.firstToken(nanos);
    }
    add(epochMillis, chunk);
  }

  /** Logs an event that arrived at {@code epochMillis} (the load generator's clock). */
  public void add(long epochMillis, Chunk chunk) {
    Chunk kept = chunk;
    String id = chunk.id();
    if (id != null && id != lastId && id.equals(lastId)) {
      // every chunk of a stream repeats its id: keep one copy of the string (the classifier
      // usually hands the same string already, see StreamIds)
      kept = chunk.withId(lastId);
    } else if (id != null) {
      lastId = id;
    }
    if (firstTokenId == null && StreamVerdicts.endsFirstTokenWait(kept, ttftKind)) {
      firstTokenId = StreamVerdicts.chunkId(kept);
    }
    if (size == chunks.length) {
      int grown = size + (size >> 1);
      arrivals = Arrays.copyOf(arrivals, grown);
      chunks = Arrays.copyOf(chunks, grown);
    }
    arrivals[size] = epochMillis;
    chunks[size++] = kept;
  }

  /**
   * The id of the event that ended the wait for the first token ({@link
   * StreamVerdicts#endsFirstTokenWait} with the log's kind), as {@link StreamVerdicts#chunkId}
   * gives it; null before that event. The same event the first-token check matches, so the
   * end-of-stream check can tell a chunk of another stream without reading the session.
   */
  public String firstTokenId() {
    return firstTokenId;
  }

  /** The text the token events carried, in order: the answer as it was streamed. */
  public static String text(List<ObservedEvent> events) {
    StringBuilder text = new StringBuilder();
    for (ObservedEvent event : events) {
      if (event.chunk().isToken() && event.chunk().text() != null) {
        text.append(event.chunk().text());
      }
    }
    return text.toString();
  }

  /**
   * What the stream answered, as the next turn of a conversation sends it back: the visible text
   * and the whole tool calls (see {@link StreamAnswer#of}).
   */
  public static StreamAnswer answer(List<ObservedEvent> events) {
    return StreamAnswer.of(events.stream().map(ObservedEvent::chunk).toList());
  }

  /** The events so far, in arrival order. */
  public List<ObservedEvent> events() {
    ObservedEvent[] events = new ObservedEvent[size];
    for (int i = 0; i < size; i++) {
      events[i] = new ObservedEvent(arrivals[i], chunks[i]);
    }
    return List.of(events);
  }
}
