package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * Where in the run a request was sent: its phase, its step and the step's load level; part of a
 * {@link RequestRecord}.
 *
 * @param phase {@code "warmup"}, {@code "step"} or {@code "hold"} (a search run's long step), see
 *     {@link RequestPhase}; warm-up requests stay out of the statistics
 * @param step 1-based load step index; 0 for warm-up
 * @param stepLabel the Gatling group name of the step, e.g. {@code "step 3 · 6 rps"}
 * @param offeredRate offered arrival rate of the step, requests/s (open model); null otherwise
 * @param concurrency target concurrency of the step (closed model); null otherwise
 */
public record StepLevel(
    RequestPhase phase,
    int step,
    String stepLabel,
    @Nullable Double offeredRate,
    @Nullable Integer concurrency) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final StepLevel NONE = new Builder().build();

  /** A step of the open model: {@code offeredRate} requests/s arrive. */
  public static StepLevel open(RequestPhase phase, int step, String stepLabel, double offeredRate) {
    return new StepLevel(phase, step, stepLabel, offeredRate, null);
  }

  /** A step of the closed model: {@code concurrency} users send one request after another. */
  public static StepLevel closed(RequestPhase phase, int step, String stepLabel, int concurrency) {
    return new StepLevel(phase, step, stepLabel, null, concurrency);
  }

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link StepLevel}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private RequestPhase phase;
    private int step;
    private String stepLabel;
    private Double offeredRate;
    private Integer concurrency;

    private Builder() {}

    private Builder(StepLevel part) {
      phase = part.phase();
      step = part.step();
      stepLabel = part.stepLabel();
      offeredRate = part.offeredRate();
      concurrency = part.concurrency();
    }

    public Builder phase(RequestPhase value) {
      phase = value;
      return this;
    }

    public Builder step(int value) {
      step = value;
      return this;
    }

    public Builder stepLabel(String value) {
      stepLabel = value;
      return this;
    }

    public Builder offeredRate(Double value) {
      offeredRate = value;
      return this;
    }

    public Builder concurrency(Integer value) {
      concurrency = value;
      return this;
    }

    public StepLevel build() {
      return new StepLevel(phase, step, stepLabel, offeredRate, concurrency);
    }
  }
}
