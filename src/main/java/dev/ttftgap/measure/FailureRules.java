package dev.ttftgap.measure;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.stream.RequestMetrics;
import dev.ttftgap.stream.TtftKind;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one failure of a request, or none: decided from the first failed row's message and the
 * events, in the order the request progressed (connect, the server's errors, the first-token wait,
 * the end-of-stream wait, the silences), so each failure gets exactly one reason.
 *
 * <p>The server's errors come first whatever else the stream showed: an {@code error:} line
 * (llama.cpp's mid-stream failure, read from the raw bytes; its stream usually ends with a {@code
 * [DONE]} and no content, which is no {@code no_content}) or an error event of any API.
 *
 * <p>A run waiting for one kind of output may get a turn that answered with another only (a tool
 * call when it waits for content): that is a success, with no {@code ttftMillis}. Its first-token
 * check passed at the answer's end (see {@link StreamVerdicts}); when that end was the stream's
 * own, the end-of-stream check found nothing left and its failure is forgiven. A stream that
 * reached its end without output of any kind is {@code no_content}.
 */
final class FailureRules {
  /** Gatling's status failure, with the server's message after it when the glue kept the body. */
  private static final Pattern STATUS = Pattern.compile("response with code (\\d{3})(?:: (.*))?");

  private static final String NO_CONTENT = "no content before the end of the stream";

  /** A failure: its reason, the HTTP status the request got (null when none) and the message. */
  record Failure(FailureReason reason, Integer httpStatus, String message) {}

  /** What the rules read: the rows Gatling logged and what the events made of the stream. */
  record Observed(
      List<ObservedRow> rows,
      Optional<ObservedRow> connect,
      Optional<ObservedRow> gap,
      Optional<ObservedRow> decode,
      RequestMetrics metrics,
      String errorLine) {}

  private FailureRules() {}

  /** The request's failure, or null when it succeeded. */
  static Failure of(RequestContext ctx, Observed seen) {
    if (seen.connect().isEmpty()) {
      List<ObservedRow> rows = seen.rows();
      String message = rows.isEmpty() ? "request was not sent" : rows.get(0).message();
      return new Failure(FailureReason.CONNECTION_FAILED, null, message);
    }
    if (!seen.connect().get().ok()) {
      return connectFailure(seen.connect().get().message());
    }
    Failure server = serverError(seen);
    if (server != null) {
      return server;
    }
    RequestMetrics metrics = seen.metrics();
    boolean output = metrics.tokenEvents() > 0;
    if (seen.gap().isEmpty() || !seen.gap().get().ok()) {
      Failure wait = firstTokenWait(seen);
      if (wait != null) {
        return wait;
      }
    } else if (!endTakenByFirstWait(ctx, seen)
        && !seen.decode().map(ObservedRow::ok).orElse(false)) {
      Failure end = endOfStreamWait(ctx, seen);
      if (end != null) {
        return end;
      }
    }
    if (metrics.maxIdleMillis() > ctx.idleTimeoutMillis()) {
      return new Failure(FailureReason.IDLE_TIMEOUT, 200, idleMessage(ctx, metrics));
    }
    return output ? null : new Failure(FailureReason.NO_CONTENT, 200, NO_CONTENT);
  }

  /** The server said it failed: an {@code error:} line, a re-sent stream, an error event. */
  private static Failure serverError(Observed seen) {
    if (seen.errorLine() != null) {
      return new Failure(
          FailureReason.STREAM_ERROR,
          200,
          "stream error: " + ChunkClassifier.errorLine(seen.errorLine()).errorMessage());
    }
    if (seen.metrics().chunkIds().size() > 1) {
      return new Failure(
          FailureReason.STREAM_RESTARTED,
          200,
          "stream restarted: the connection dropped and the POST was re-sent; chunk ids "
              + seen.metrics().chunkIds());
    }
    Optional<Chunk> error = seen.metrics().firstError();
    return error
        .map(e -> new Failure(FailureReason.STREAM_ERROR, 200, "stream error: " + e.errorMessage()))
        .orElse(null);
  }

  /**
   * The first-token check failed: a timeout, or the stream ended first (no content, or output of
   * another kind only: a success when the stream reached its end, else no end); null to go on.
   */
  private static Failure firstTokenWait(Observed seen) {
    String message = seen.gap().map(ObservedRow::message).orElse("no first-token check row");
    if (message != null && message.endsWith("timeout")) {
      return new Failure(FailureReason.FIRST_TOKEN_TIMEOUT, 200, message);
    }
    boolean done = seen.metrics().sawDone();
    if (message != null && message.contains("End of stream") || done) {
      if (seen.metrics().tokenEvents() == 0) {
        return new Failure(FailureReason.NO_CONTENT, 200, NO_CONTENT);
      }
      return done ? null : new Failure(FailureReason.NO_DONE, 200, "stream ended without [DONE]");
    }
    return new Failure(FailureReason.CONNECTION_FAILED, 200, message);
  }

  /**
   * Whether the first-token check took the stream's end: the run waits for one kind, none came, and
   * the end did (the end-of-stream check then waited in vain).
   */
  private static boolean endTakenByFirstWait(RequestContext ctx, Observed seen) {
    return ctx.ttftKind() != TtftKind.ANY
        && seen.metrics().ttftMillis(ctx.ttftKind()).isEmpty()
        && seen.metrics().sawDone();
  }

  /** The end-of-stream check failed: a silence, a timeout, no end; null to go on. */
  private static Failure endOfStreamWait(RequestContext ctx, Observed seen) {
    String message = seen.decode().map(ObservedRow::message).orElse("no end-of-stream check row");
    if (seen.metrics().maxIdleMillis() > ctx.idleTimeoutMillis()) {
      return new Failure(FailureReason.IDLE_TIMEOUT, 200, idleMessage(ctx, seen.metrics()));
    }
    if (message != null && message.endsWith("timeout")) {
      return new Failure(FailureReason.STREAM_TIMEOUT, 200, message);
    }
    if (message != null && message.contains("End of stream")) {
      return new Failure(FailureReason.NO_DONE, 200, "stream ended without [DONE]");
    }
    return new Failure(FailureReason.CONNECTION_FAILED, 200, message);
  }

  private static String idleMessage(RequestContext ctx, RequestMetrics metrics) {
    return "no event for "
        + metrics.maxIdleMillis()
        + " ms (idle timeout "
        + ctx.idleTimeoutMillis()
        + " ms)";
  }

  private static Failure connectFailure(String message) {
    String text = message == null ? "connect failed" : message;
    Matcher status = STATUS.matcher(text);
    if (status.find()) {
      int code = Integer.parseInt(status.group(1));
      String said = status.group(2);
      return new Failure(
          FailureReason.HTTP_STATUS,
          code,
          "HTTP " + code + (said == null ? " (no error message in the body)" : ": " + said));
    }
    if (text.contains("content-type")) {
      return new Failure(FailureReason.WRONG_CONTENT_TYPE, 200, text);
    }
    return new Failure(FailureReason.CONNECTION_FAILED, null, text);
  }
}
