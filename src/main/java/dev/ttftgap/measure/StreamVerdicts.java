package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkKind;

/**
 * The decisions the SSE checks make on single events, as plain functions of the event's classified
 * {@link Chunk} (the Gatling glue unwraps and classifies each event once).
 *
 * <p>The first check waits for the first token, the second for the end of the stream. Both also
 * stop at events that end the request early, so that the failure carries a precise message instead
 * of a later timeout: an error object, a {@code [DONE]} before any content, or a chunk of another
 * stream (Gatling re-sends the POST after a dropped connection, silently).
 */
public final class StreamVerdicts {
  /** What {@link #firstToken} and {@link #end} return when the event is the expected one. */
  public static final String PASS = "ok";

  private StreamVerdicts() {}

  /** Whether the first-token check should look at this event. */
  public static boolean endsFirstTokenWait(Chunk chunk) {
    ChunkKind kind = chunk.kind();
    return kind == ChunkKind.CONTENT
        || kind == ChunkKind.REASONING
        || kind == ChunkKind.ERROR
        || kind == ChunkKind.DONE;
  }

  /** {@link #PASS} for a token, else the failure message. */
  public static String firstToken(Chunk chunk) {
    return switch (chunk.kind()) {
      case CONTENT, REASONING -> PASS;
      case ERROR -> "stream error: " + chunk.errorMessage();
      case DONE -> "no content before [DONE]";
      default -> "unexpected " + chunk.kind();
    };
  }

  /** The chunk id of an event, "" when it has none. */
  public static String chunkId(Chunk chunk) {
    String id = chunk.id();
    return id == null ? "" : id;
  }

  /**
   * Whether the end-of-stream check should look at this event: {@code [DONE]}, an error, or a chunk
   * of another stream.
   */
  public static boolean endsStream(Chunk chunk, String firstChunkId) {
    return chunk.kind() == ChunkKind.DONE
        || chunk.kind() == ChunkKind.ERROR
        || isRestart(chunk, firstChunkId);
  }

  /** {@link #PASS} for {@code [DONE]}, else the failure message. */
  public static String end(Chunk chunk, String firstChunkId) {
    if (chunk.kind() == ChunkKind.DONE) {
      return PASS;
    }
    if (chunk.kind() == ChunkKind.ERROR) {
      return "stream error: " + chunk.errorMessage();
    }
    return "stream restarted: chunk id " + chunk.id() + " after " + firstChunkId;
  }

  private static boolean isRestart(Chunk chunk, String firstChunkId) {
    return firstChunkId != null
        && !firstChunkId.isEmpty()
        && chunk.id() != null
        && !chunk.id().equals(firstChunkId);
  }
}
