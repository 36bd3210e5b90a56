package dev.ttftgap.preflight;

import java.util.Objects;

/**
 * What is wrong with the target, and the fix.
 *
 * @param kind the pitfall found
 * @param line one line (no line breaks): what is wrong and how to fix it; never contains the API
 *     key (at most its masked form {@code sk-…abcd})
 */
public record Diagnosis(Kind kind, String line) {

  /** The pitfalls a preflight recognises. */
  public enum Kind {
    /** The base URL or model setting cannot be used as given. */
    BAD_SETTING,
    /** 401/403 and no key is configured. */
    API_KEY_MISSING,
    /** The key has quotes, whitespace, a line break or a {@code Bearer } prefix in it. */
    API_KEY_MALFORMED,
    /** 401/403 with a well-formed key: revoked, expired, or for another endpoint. */
    API_KEY_REJECTED,
    /** 404 (or an error naming the model): the model id is not served. */
    MODEL_NOT_FOUND,
    /** 404 on the path: {@code /v1} missing or doubled in the base URL. */
    BASE_URL_PATH,
    /**
     * The URL speaks another API than the run's {@code request.api} (404/405, a non-SSE answer, or
     * another API's events); the line names the API the server streams and {@code -Drequest.api}.
     */
    WRONG_API,
    /** 429 before any load was sent. */
    RATE_LIMITED,
    /** Nothing listens at the host and port. */
    CONNECTION_REFUSED,
    /** The host name does not resolve. */
    UNKNOWN_HOST,
    /** TLS handshake failed (plain HTTP server behind an https URL, bad certificate...). */
    TLS_FAILURE,
    /** No answer within the timeout. */
    TIMEOUT,
    /** Connection reset or another transport failure. */
    CONNECTION_FAILED,
    /** Another HTTP error status (400, 5xx...). */
    HTTP_ERROR,
    /** A {@code stream: true} request answered with plain JSON. */
    STREAM_IGNORED,
    /** A streaming answer that is neither SSE nor JSON. */
    WRONG_CONTENT_TYPE,
    /** All events arrived at once at the end: TTFT would equal the total time. */
    STREAM_BUFFERED,
    /** An error object arrived inside the stream. */
    STREAM_ERROR,
    /** The stream ended without any content event. */
    NO_CONTENT,
    /** Content arrived but the stream ended without {@code [DONE]}. */
    NO_DONE
  }

  public Diagnosis {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(line, "line");
    line = line.replaceAll("[\\r\\n]+", " ");
  }

  @Override
  public String toString() {
    return kind + ": " + line;
  }
}
