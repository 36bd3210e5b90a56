package dev.ttftgap.record;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * When a request's stream reached each milestone, in the load generator's milliseconds (Gatling's
 * clock, as its report shows them); part of a {@link RequestRecord}. {@code startEpochMillis} is
 * absolute, the others are durations from the send.
 *
 * @param startEpochMillis when the request was handed to the connection
 * @param ttfbMillis send → response headers
 * @param ttftMillis send → first output of the run's kind ({@code request.ttftFrom}: by default any
 *     output, content, reasoning or a tool call; before issue 25 content or reasoning); null when
 *     that kind never came, also in a successful turn that answered with another kind only (a
 *     tool-call turn of a run that counts to content)
 * @param gapMillis {@code ttftMillis − ttfbMillis}; null with {@code ttftMillis}
 * @param firstContentMillis send → first event with non-empty {@code content} (after any reasoning)
 * @param firstReasoningMillis send → first event with non-empty reasoning, when the model reasons
 * @param e2eMillis send → {@code [DONE]} (or the clean end of the stream)
 * @param itlMillis intervals between consecutive output events (of any kind), in arrival order
 * @param tpotMillis {@code (e2e − first output of any kind) / (outputTokens − 1)}: the stream's
 *     pace, whichever kind the TTFT counts to
 * @param firstToolCallMillis send → first event carrying a tool call (its function name or first
 *     argument piece), when the answer called a tool; null in records of older runs
 */
public record Timings(
    long startEpochMillis,
    @Nullable Long ttfbMillis,
    @Nullable Long ttftMillis,
    @Nullable Long gapMillis,
    @Nullable Long firstContentMillis,
    @Nullable Long firstReasoningMillis,
    @Nullable Long e2eMillis,
    @Nullable List<Long> itlMillis,
    @Nullable Double tpotMillis,
    @Nullable Long firstToolCallMillis) {
  /**
   * Holds the intervals compactly ({@link IntervalList}): a record of a long run is one of
   * millions.
   */
  public Timings {
    itlMillis = IntervalList.of(itlMillis);
  }

  /** Every field undefined: null, or 0 for a primitive. */
  public static final Timings NONE = new Builder().build();

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link Timings}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private long startEpochMillis;
    private Long ttfbMillis;
    private Long ttftMillis;
    private Long gapMillis;
    private Long firstContentMillis;
    private Long firstReasoningMillis;
    private Long e2eMillis;
    private List<Long> itlMillis;
    private Double tpotMillis;
    private Long firstToolCallMillis;

    private Builder() {}

    private Builder(Timings part) {
      startEpochMillis = part.startEpochMillis();
      ttfbMillis = part.ttfbMillis();
      ttftMillis = part.ttftMillis();
      gapMillis = part.gapMillis();
      firstContentMillis = part.firstContentMillis();
      firstReasoningMillis = part.firstReasoningMillis();
      e2eMillis = part.e2eMillis();
      itlMillis = part.itlMillis();
      tpotMillis = part.tpotMillis();
      firstToolCallMillis = part.firstToolCallMillis();
    }

    public Builder startEpochMillis(long value) {
      startEpochMillis = value;
      return this;
    }

    public Builder ttfbMillis(Long value) {
      ttfbMillis = value;
      return this;
    }

    public Builder ttftMillis(Long value) {
      ttftMillis = value;
      return this;
    }

    public Builder gapMillis(Long value) {
      gapMillis = value;
      return this;
    }

    public Builder firstContentMillis(Long value) {
      firstContentMillis = value;
      return this;
    }

    public Builder firstReasoningMillis(Long value) {
      firstReasoningMillis = value;
      return this;
    }

    public Builder e2eMillis(Long value) {
      e2eMillis = value;
      return this;
    }

    public Builder itlMillis(List<Long> value) {
      itlMillis = value;
      return this;
    }

    public Builder tpotMillis(Double value) {
      tpotMillis = value;
      return this;
    }

    public Builder firstToolCallMillis(Long value) {
      firstToolCallMillis = value;
      return this;
    }

    public Timings build() {
      return new Timings(
          startEpochMillis,
          ttfbMillis,
          ttftMillis,
          gapMillis,
          firstContentMillis,
          firstReasoningMillis,
          e2eMillis,
          itlMillis,
          tpotMillis,
          firstToolCallMillis);
    }
  }
}
