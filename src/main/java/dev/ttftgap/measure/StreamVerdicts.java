package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkKind;
import dev.ttftgap.stream.TtftKind;

/**
 * The decisions the SSE checks make on single events, as plain functions of the event's classified
 * {@link Chunk} (the Gatling glue unwraps and classifies each event once).
 *
 * <p>The first check waits for the first output of the run's {@link TtftKind}, the second for the
 * end of the stream. Both also stop at events that end the request early, so that the failure
 * carries a precise message instead of a later timeout: an error object, a {@code [DONE]} before
 * any output, or a chunk of another stream (Gatling re-sends the POST after a dropped connection,
 * silently). Every API's grammar maps its end ({@code [DONE]}, {@code response.completed}, {@code
 * message_stop}) to {@link ChunkKind#DONE} and its error events to {@link ChunkKind#ERROR}, so the
 * checks are the same for all of them.
 *
 * <p><b>A turn without the run's kind.</b> When the run waits for one kind ({@code content}, {@code
 * reasoning}, {@code toolCall}), a turn may rightly answer with another only: a tool call when the
 * run waits for content. Such a turn is a success, not a failure: the first check then passes at
 * the first event after which no output of the kind can come, the chunk that says why the answer
 * ended (its finish reason: {@code tool_calls}, {@code tool_use}…) or, when the API sends none, the
 * end of the stream itself. Whether the turn answered at all is not this check's to say (it sees
 * one event): the record decides it from every event (no output of any kind is {@code no_content}),
 * and forgives the end-of-stream check that found the end already taken by the first. With {@link
 * TtftKind#ANY} nothing of this applies: any output ends the wait, and a {@code [DONE]} before it
 * fails the check as before.
 */
public final class StreamVerdicts {
  /** What {@link #firstToken} and {@link #end} return when the event is the expected one. */
  public static final String PASS = "ok";

  private StreamVerdicts() {}

  /** Whether the first-token check should look at this event (the first output of any kind). */
  public static boolean endsFirstTokenWait(Chunk chunk) {
    return endsFirstTokenWait(chunk, TtftKind.ANY);
  }

  /**
   * Whether the first-token check of a run waiting for {@code kind} should look at this event: it
   * carries output of the kind, it ends the request ({@code [DONE]}, an error), or (kind not {@link
   * TtftKind#ANY}) it ends the answer without output of the kind.
   */
  public static boolean endsFirstTokenWait(Chunk chunk, TtftKind kind) {
    return chunk.carries(kind)
        || chunk.kind() == ChunkKind.ERROR
        || chunk.kind() == ChunkKind.DONE
        || endsTurnWithoutKind(chunk, kind);
  }

  /** {@link #PASS} for a token (output of any kind), else the failure message. */
  public static String firstToken(Chunk chunk) {
    return firstToken(chunk, TtftKind.ANY);
  }

  /**
   * {@link #PASS} for output of {@code kind}, and (kind not {@link TtftKind#ANY}) for the end of an
   * answer that had none (see the class comment); else the failure message.
   */
  public static String firstToken(Chunk chunk, TtftKind kind) {
    if (chunk.carries(kind)) {
      return PASS;
    }
    if (chunk.kind() == ChunkKind.ERROR) {
      return "stream error: " + chunk.errorMessage();
    }
    if (kind != TtftKind.ANY
        && (chunk.kind() == ChunkKind.DONE || endsTurnWithoutKind(chunk, kind))) {
      return PASS;
    }
    if (chunk.kind() == ChunkKind.DONE) {
      return "no content before [DONE]";
    }
    return "unexpected " + chunk.kind();
  }

  /** A chunk with a finish reason closes the answer: no output of the kind can follow it. */
  private static boolean endsTurnWithoutKind(Chunk chunk, TtftKind kind) {
    return kind != TtftKind.ANY && chunk.finishReason() != null && chunk.kind() != ChunkKind.ERROR;
  }

  /** The chunk id of an event, "" when it has none. */
  public static String chunkId(Chunk chunk) {
    String id = chunk.id();
    return id == null ? "" : id;
  }

  /**
   * Whether the end-of-stream check should look at this event: the end of the stream ({@link
   * ChunkKind#DONE}, whatever the API calls it), an error, or a chunk of another stream.
   */
  public static boolean endsStream(Chunk chunk, String firstChunkId) {
    return chunk.kind() == ChunkKind.DONE
        || chunk.kind() == ChunkKind.ERROR
        || isRestart(chunk, firstChunkId);
  }

  /** {@link #PASS} for the end of the stream ({@link ChunkKind#DONE}), else the failure message. */
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
