package dev.ttftgap.engine;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A fault a profile injects at random: {@code spec} (syntax of {@link SimFault#parse}) applied to a
 * request with {@code probability} (0..1), drawn from the engine's seeded random source.
 */
public record FaultRule(
    @JsonProperty("fault") String spec, @JsonProperty("probability") double probability) {

  /** Validates both fields; a wrong one is named. */
  public FaultRule {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("faults[].fault must be a fault spec, e.g. error-after:5");
    }
    SimFault.parse(spec);
    if (!(probability >= 0 && probability <= 1)) {
      throw new IllegalArgumentException(
          "faults[].probability must be within 0..1, was " + probability);
    }
  }
}
