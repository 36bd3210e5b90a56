package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * What a request's stream delivered; part of a {@link RequestRecord}.
 *
 * @param outputTokens completion tokens
 * @param outputTokensSource {@code "usage"} (server's {@code usage.completion_tokens}) or {@code
 *     "tokenizer"} (counted client side)
 * @param contentEvents number of events that carried content or reasoning
 * @param toolCalls number of tool calls the answer made (0: none); null in records of older runs
 * @param finishReason why the server ended the answer, as it said it ({@code stop}, {@code length},
 *     {@code tool_calls}, {@code end_turn}, {@code tool_use}…); null when it did not say
 */
public record StreamOutput(
    @Nullable Integer outputTokens,
    @Nullable String outputTokensSource,
    @Nullable Integer contentEvents,
    @Nullable Integer toolCalls,
    @Nullable String finishReason) {
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
    private Integer toolCalls;
    private String finishReason;

    private Builder() {}

    private Builder(StreamOutput part) {
      outputTokens = part.outputTokens();
      outputTokensSource = part.outputTokensSource();
      contentEvents = part.contentEvents();
      toolCalls = part.toolCalls();
      finishReason = part.finishReason();
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

    public Builder toolCalls(Integer value) {
      toolCalls = value;
      return this;
    }

    public Builder finishReason(String value) {
      finishReason = value;
      return this;
    }

    public StreamOutput build() {
      return new StreamOutput(
          outputTokens, outputTokensSource, contentEvents, toolCalls, finishReason);
    }
  }
}
