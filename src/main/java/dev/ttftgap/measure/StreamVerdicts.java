package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.stream.ChunkKind;

/**
 * The decisions the SSE checks make on single events, as plain functions of Gatling's event JSON.
 *
 * <p>The first check waits for the first token, the second for the end of the stream. Both also
 * stop at events that end the request early, so that the failure carries a precise message instead
 * of a later timeout: an error object, a {@code [DONE]} before any content, or a chunk of another
 * stream (Gatling re-sends the POST after a dropped connection, silently).
 *
 * <p>Cost (they run on Gatling's event loop, once per event of every stream): the last event
 * classified on a thread is remembered, so logging an event, a check's matching and its checks,
 * which receive the same event string one after the other, classify it once.
 */
public final class StreamVerdicts {
  /** What {@link #firstToken} and {@link #end} return when the event is the expected one. */
  public static final String PASS = "ok";

  private static final ThreadLocal<LastEvent> LAST = ThreadLocal.withInitial(LastEvent::new);

  /** The last event classified on this thread, by identity: strings are immutable. */
  private static final class LastEvent {
    String event;
    Chunk chunk;
  }

  private StreamVerdicts() {}

  /** The event's chunk (classified once per event on this thread, then reused). */
  public static Chunk classified(String eventJson) {
    return classify(eventJson);
  }

  /** Whether the first-token check should look at this event. */
  public static boolean endsFirstTokenWait(String eventJson) {
    ChunkKind kind = classify(eventJson).kind();
    return kind == ChunkKind.CONTENT
        || kind == ChunkKind.REASONING
        || kind == ChunkKind.ERROR
        || kind == ChunkKind.DONE;
  }

  /** {@link #PASS} for a token, else the failure message. */
  public static String firstToken(String eventJson) {
    Chunk chunk = classify(eventJson);
    return switch (chunk.kind()) {
      case CONTENT, REASONING -> PASS;
      case ERROR -> "stream error: " + chunk.errorMessage();
      case DONE -> "no content before [DONE]";
      default -> "unexpected " + chunk.kind();
    };
  }

  /** The chunk id of an event, "" when it has none. */
  public static String chunkId(String eventJson) {
    String id = classify(eventJson).id();
    return id == null ? "" : id;
  }

  /**
   * Whether the end-of-stream check should look at this event: {@code [DONE]}, an error, or a chunk
   * of another stream.
   */
  public static boolean endsStream(String eventJson, String firstChunkId) {
    Chunk chunk = classify(eventJson);
    return chunk.kind() == ChunkKind.DONE
        || chunk.kind() == ChunkKind.ERROR
        || isRestart(chunk, firstChunkId);
  }

  /** {@link #PASS} for {@code [DONE]}, else the failure message. */
  public static String end(String eventJson, String firstChunkId) {
    Chunk chunk = classify(eventJson);
    if (chunk.kind() == ChunkKind.DONE) {
      return PASS;
    }
    if (chunk.kind() == ChunkKind.ERROR) {
      return "stream error: " + chunk.errorMessage();
    }
    return "stream restarted: chunk id " + chunk.id() + " after " + firstChunkId;
  }

  private static Chunk classify(String eventJson) {
    LastEvent last = LAST.get();
    if (last.event != eventJson || eventJson == null) {
      last.chunk = ChunkClassifier.classifyGatlingEvent(eventJson);
      last.event = eventJson;
    }
    return last.chunk;
  }

  private static boolean isRestart(Chunk chunk, String firstChunkId) {
    return firstChunkId != null
        && !firstChunkId.isEmpty()
        && chunk.id() != null
        && !chunk.id().equals(firstChunkId);
  }
}
