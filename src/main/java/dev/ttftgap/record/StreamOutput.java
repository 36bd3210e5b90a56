package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * What a request's stream delivered; part of a {@link RequestRecord}.
 *
 * @param outputTokens completion tokens
 * @param outputTokensSource {@code "usage"} (server's {@code usage.completion_tokens}) or {@code
 *     "tokenizer"} (counted client side)
 * @param contentEvents number of events that carried content or reasoning
 */
public record StreamOutput(
    @Nullable Integer outputTokens,
    @Nullable String outputTokensSource,
    @Nullable Integer contentEvents) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final StreamOutput NONE = new Builder().build();

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link StreamOutput}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private Integer outputTokens;
    private String outputTokensSource;
    private Integer contentEvents;

    private Builder() {}

    private Builder(StreamOutput part) {
      outputTokens = part.outputTokens();
      outputTokensSource = part.outputTokensSource();
      contentEvents = part.contentEvents();
    }

    public Builder outputTokens(Integer value) {
      outputTokens = value;
      return this;
    }

    public Builder outputTokensSource(String value) {
      outputTokensSource = value;
      return this;
    }

    public Builder contentEvents(Integer value) {
      contentEvents = value;
      return this;
    }

    public StreamOutput build() {
      return new StreamOutput(outputTokens, outputTokensSource, contentEvents);
    }
  }
}
