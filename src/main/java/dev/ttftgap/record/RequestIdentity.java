package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * Who sent a request and which request it was: part of a {@link RequestRecord}.
 *
 * @param run run identifier (the Gatling run folder name, or a name given by the caller)
 * @param userId Gatling virtual user id (one request per user in open-model runs; a closed-model or
 *     experiment user sends its requests one after another)
 * @param requestId the server's chunk {@code id} ({@code chatcmpl-...}) when one arrived
 */
public record RequestIdentity(String run, long userId, @Nullable String requestId) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final RequestIdentity NONE = new Builder().build();

  /** User {@code userId} of run {@code run}, before the server named the request. */
  public static RequestIdentity of(String run, long userId) {
    return new RequestIdentity(run, userId, null);
  }

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link RequestIdentity}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private String run;
    private long userId;
    private String requestId;

    private Builder() {}

    private Builder(RequestIdentity part) {
      run = part.run();
      userId = part.userId();
      requestId = part.requestId();
    }

    public Builder run(String value) {
      run = value;
      return this;
    }

    public Builder userId(long value) {
      userId = value;
      return this;
    }

    public Builder requestId(String value) {
      requestId = value;
      return this;
    }

    public RequestIdentity build() {
      return new RequestIdentity(run, userId, requestId);
    }
  }
}
