package dev.ttftgap.record;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * What part of a run a request belongs to, written as {@link #code()}. Every load (steps, closed
 * model, experiments) and the rate search write the first three: a search's probes are {@link
 * #STEP}s and its drains admit no request; auto stairs add {@link #CALIBRATION}.
 */
public enum RequestPhase implements RecordCode {
  /** Load before the first step; out of the statistics. */
  WARMUP,
  /** A load step (or a search's probe, or an experiment's arm). */
  STEP,
  /** A search run's hold: a step held long to prove its rate. */
  HOLD,
  /**
   * Auto stairs' single-user phase or burst, which size the stairs (step 0); out of the statistics.
   */
  CALIBRATION;

  /**
   * The phase written as {@code code}.
   *
   * @throws IllegalArgumentException naming the field and the known codes when {@code code} is none
   *     of them
   */
  @JsonCreator
  public static RequestPhase fromCode(String code) {
    return RecordCode.find(
        values(),
        code,
        got -> "phase must be \"warmup\", \"step\", \"hold\" or \"calibration\", got " + got);
  }
}
