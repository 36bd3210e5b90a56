package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * How sound a request's stream was; part of a {@link RequestRecord}.
 *
 * @param malformedChunks stream events that were not valid chunks (not one JSON object), even when
 *     the request ended ok; null when there were none
 * @param stalls inter-token intervals that are stalls: ≥ 10 × the request's median ITL and ≥ 100 ms
 *     ({@code RequestMetrics}), e.g. a server preempting the sequence; null without ITL
 * @param longestStallMillis the longest of them; null without a stall
 */
public record StreamHealth(
    @Nullable Integer malformedChunks,
    @Nullable Integer stalls,
    @Nullable Long longestStallMillis) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final StreamHealth NONE = new Builder().build();

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link StreamHealth}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private Integer malformedChunks;
    private Integer stalls;
    private Long longestStallMillis;

    private Builder() {}

    private Builder(StreamHealth part) {
      malformedChunks = part.malformedChunks();
      stalls = part.stalls();
      longestStallMillis = part.longestStallMillis();
    }

    public Builder malformedChunks(Integer value) {
      malformedChunks = value;
      return this;
    }

    public Builder stalls(Integer value) {
      stalls = value;
      return this;
    }

    public Builder longestStallMillis(Long value) {
      longestStallMillis = value;
      return this;
    }

    public StreamHealth build() {
      return new StreamHealth(malformedChunks, stalls, longestStallMillis);
    }
  }
}
