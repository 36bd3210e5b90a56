package dev.ttftgap.breaker;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RequestRecord;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A failure as a reader names it, e.g. {@code HTTP 400 (context length)}, {@code HTTP 401
 * (unauthorized)} or {@code first_token_timeout}: requests failing with the same label fail for the
 * same reason.
 */
public final class FailureLabel {
  private static final Pattern CONTEXT_LENGTH =
      Pattern.compile(
          "context[ _]length|maximum context|context window|too many tokens|prompt is too long",
          Pattern.CASE_INSENSITIVE);

  private FailureLabel() {}

  /** The label of a failed record; {@code ok} for a successful one. */
  public static String of(RequestRecord record) {
    if (record.ok()) {
      return "ok";
    }
    if (record.result().reason() == FailureReason.HTTP_STATUS
        && record.result().httpStatus() != null) {
      return ofStatus(record.result().httpStatus(), record.result().message());
    }
    return record.result().reason() == null ? "unknown" : record.result().reason().code();
  }

  /** True when a server's error message says the request exceeds the model's context length. */
  public static boolean mentionsContextLength(String message) {
    return message != null && CONTEXT_LENGTH.matcher(message).find();
  }

  /** {@code HTTP 400 (context length)}: the status and, when known, what it means here. */
  static String ofStatus(int status, String message) {
    String meaning =
        switch (status) {
          case 400 -> mentionsContextLength(message) ? "context length" : "bad request";
          case 401 -> "unauthorized";
          case 403 -> "forbidden";
          case 404 -> "not found";
          case 413 -> "request too large";
          case 422 -> "invalid request";
          case 429 -> "rate limited";
          default -> status >= 500 ? "server error" : null;
        };
    return String.format(Locale.ROOT, "HTTP %d", status)
        + (meaning == null ? "" : " (" + meaning + ")");
  }
}
