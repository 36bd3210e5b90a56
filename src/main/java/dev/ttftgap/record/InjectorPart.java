package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * Which part of a split run sent a request; part of a {@link RequestRecord}.
 *
 * @param injector which part of a split run sent the request, 1-based ({@code -Dinjector=I/N});
 *     null in records of older runs
 * @param injectorCount how many parts the run was split into (1: one injector ran it all)
 * @param host the load generator's host name
 * @param runId the id every part of the run shares ({@code -Drun.id}, by default the profile's name
 *     and {@code run.startAt}); the merge checks that the parts it is given share it
 */
public record InjectorPart(
    @Nullable Integer injector,
    @Nullable Integer injectorCount,
    @Nullable String host,
    @Nullable String runId) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final InjectorPart NONE = new Builder().build();

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link InjectorPart}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private Integer injector;
    private Integer injectorCount;
    private String host;
    private String runId;

    private Builder() {}

    private Builder(InjectorPart part) {
      injector = part.injector();
      injectorCount = part.injectorCount();
      host = part.host();
      runId = part.runId();
    }

    public Builder injector(Integer value) {
      injector = value;
      return this;
    }

    public Builder injectorCount(Integer value) {
      injectorCount = value;
      return this;
    }

    public Builder host(String value) {
      host = value;
      return this;
    }

    public Builder runId(String value) {
      runId = value;
      return this;
    }

    public InjectorPart build() {
      return new InjectorPart(injector, injectorCount, host, runId);
    }
  }
}
