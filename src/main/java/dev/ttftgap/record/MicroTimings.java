package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * A request's precise durations, µs, from the load generator's own {@code System.nanoTime()} stamps
 * (the request handed to the HTTP client, the status line read, the first token classified); part
 * of a {@link RequestRecord}. Same definitions as the {@link Timings} of the same name, which keep
 * Gatling's whole milliseconds; each is null when not stamped.
 *
 * @param ttfbMicros send → response headers, µs
 * @param ttftMicros send → first event with non-empty content or reasoning, µs (the event stamped
 *     where it is classified, against the same origin as {@code ttfbMicros})
 * @param gapMicros {@code ttftMicros − ttfbMicros}
 * @param startEpochMicros the instant the precise durations count from (the request handed to the
 *     HTTP client), µs since the epoch, read from the wall clock with the send stamp; it lies a
 *     little before {@code startEpochMillis} (Gatling stamps its start once the hand-off returns)
 * @param setupMicros send → the request written to its connection, µs: on a new connection the TCP
 *     connect, the proxy's {@code CONNECT} and the TLS handshake, part of {@code ttfbMicros}; near
 *     zero on a reused one; null when the write was not seen
 */
public record MicroTimings(
    @Nullable Long ttfbMicros,
    @Nullable Long ttftMicros,
    @Nullable Long gapMicros,
    @Nullable Long startEpochMicros,
    @Nullable Long setupMicros) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final MicroTimings NONE = new Builder().build();

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link MicroTimings}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private Long ttfbMicros;
    private Long ttftMicros;
    private Long gapMicros;
    private Long startEpochMicros;
    private Long setupMicros;

    private Builder() {}

    private Builder(MicroTimings part) {
      ttfbMicros = part.ttfbMicros();
      ttftMicros = part.ttftMicros();
      gapMicros = part.gapMicros();
      startEpochMicros = part.startEpochMicros();
      setupMicros = part.setupMicros();
    }

    public Builder ttfbMicros(Long value) {
      ttfbMicros = value;
      return this;
    }

    public Builder ttftMicros(Long value) {
      ttftMicros = value;
      return this;
    }

    public Builder gapMicros(Long value) {
      gapMicros = value;
      return this;
    }

    public Builder startEpochMicros(Long value) {
      startEpochMicros = value;
      return this;
    }

    public Builder setupMicros(Long value) {
      setupMicros = value;
      return this;
    }

    public MicroTimings build() {
      return new MicroTimings(ttfbMicros, ttftMicros, gapMicros, startEpochMicros, setupMicros);
    }
  }
}
