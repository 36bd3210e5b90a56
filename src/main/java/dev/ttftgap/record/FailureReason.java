package dev.ttftgap.record;

import com.fasterxml.jackson.annotation.JsonCreator;

/** Why a request failed: exactly one per failed request, written as {@link #code()}. */
public enum FailureReason implements RecordCode {
  /** Non-200 status; the record carries {@code httpStatus} and the server's message when known. */
  HTTP_STATUS,
  /** 200 but not {@code text/event-stream} (a streaming request answered as plain JSON, say). */
  WRONG_CONTENT_TYPE,
  /** An error object arrived inside the stream. */
  STREAM_ERROR,
  /** The stream ended before any content or reasoning event. */
  NO_CONTENT,
  /** Content arrived but the stream ended without {@code [DONE]}. */
  NO_DONE,
  /** No content event within the first-token timeout after the headers. */
  FIRST_TOKEN_TIMEOUT,
  /** Two consecutive events further apart than the idle timeout. */
  IDLE_TIMEOUT,
  /** The stream did not finish within the stream timeout. */
  STREAM_TIMEOUT,
  /**
   * The connection dropped mid-stream and Gatling re-sent the POST (two chunk ids in one stream):
   * one user sent two requests, so the sample is discarded.
   */
  STREAM_RESTARTED,
  /** Connection refused, reset, unknown host, TLS failure. */
  CONNECTION_FAILED,
  /** The run ended (or was interrupted) while the request was in flight. */
  INTERRUPTED,
  /**
   * The circuit breaker stopped the run while the request was in flight and it did not finish
   * within the grace period: cut by the tool, not failed by the server.
   */
  STOPPED_BY_BREAKER,
  /**
   * The stairs stopped because the server was saturated ({@code load.stopWhenSaturated}) and the
   * request was still in flight when the drain bound ran out: cut by the tool, not failed by the
   * server.
   */
  STOPPED_SATURATED;

  /**
   * True for the reasons the tool causes itself ({@link #INTERRUPTED}, {@link #STOPPED_BY_BREAKER},
   * {@link #STOPPED_SATURATED}): such requests are never counted against the server's error rate.
   */
  public boolean causedByClient() {
    return this == INTERRUPTED || this == STOPPED_BY_BREAKER || this == STOPPED_SATURATED;
  }

  /** {@link #causedByClient()} for a record's reason; false for null (no failure). */
  public static boolean causedByClient(FailureReason reason) {
    return reason != null && reason.causedByClient();
  }

  /**
   * The reason written as {@code code}.
   *
   * @throws IllegalArgumentException naming the field when {@code code} is no reason's code
   */
  @JsonCreator
  public static FailureReason fromCode(String code) {
    return RecordCode.find(
        values(), code, got -> "reason " + got + " is not a known failure reason code");
  }
}
