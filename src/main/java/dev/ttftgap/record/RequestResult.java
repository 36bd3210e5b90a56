package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * How a request ended; part of a {@link RequestRecord}.
 *
 * @param outcome {@code "ok"} or {@code "ko"} ({@link Outcome})
 * @param reason for a failure: one of {@link FailureReason}'s codes; null when ok
 * @param httpStatus HTTP status, when the response had one
 * @param message human-readable detail of the failure (server's error message, check message)
 */
public record RequestResult(
    Outcome outcome,
    @Nullable FailureReason reason,
    @Nullable Integer httpStatus,
    @Nullable String message) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final RequestResult NONE = new Builder().build();

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link RequestResult}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private Outcome outcome;
    private FailureReason reason;
    private Integer httpStatus;
    private String message;

    private Builder() {}

    private Builder(RequestResult part) {
      outcome = part.outcome();
      reason = part.reason();
      httpStatus = part.httpStatus();
      message = part.message();
    }

    public Builder outcome(Outcome value) {
      outcome = value;
      return this;
    }

    public Builder reason(FailureReason value) {
      reason = value;
      return this;
    }

    public Builder httpStatus(Integer value) {
      httpStatus = value;
      return this;
    }

    public Builder message(String value) {
      message = value;
      return this;
    }

    public RequestResult build() {
      return new RequestResult(outcome, reason, httpStatus, message);
    }
  }
}
