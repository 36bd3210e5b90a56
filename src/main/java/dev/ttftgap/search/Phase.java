package dev.ttftgap.search;

import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.report.Fmt;
import java.util.Locale;

/**
 * One stretch of a search at one rate: a warm-up, a probe, a hold, or a drain (no arrivals while
 * the queue a failed probe left empties).
 *
 * @param index the step number its records carry (0 for the warm-up and drains)
 * @param kind what the phase is for
 * @param rate offered arrival rate, requests/s (0 for a drain)
 * @param startMillis when it started, ms since the search started
 * @param windowMillis how long it offers its rate before it is judged, ms
 */
public record Phase(int index, Kind kind, double rate, long startMillis, long windowMillis) {

  /** What a phase is for. */
  public enum Kind {
    WARMUP,
    PROBE,
    HOLD,
    DRAIN,
    DONE
  }

  /**
   * The Gatling group and record label, e.g. {@code "probe 3 · 6 rps"}, {@code "hold 7 · 7.5 rps"}.
   */
  public String label() {
    String rateText = Fmt.decimals(rate, 2) + " rps";
    return switch (kind) {
      case WARMUP -> "warm-up · " + rateText;
      case PROBE -> String.format(Locale.ROOT, "probe %02d · %s", index, rateText);
      case HOLD -> String.format(Locale.ROOT, "hold %02d · %s", index, rateText);
      case DRAIN -> "drain";
      case DONE -> "done";
    };
  }

  /** The phase its requests' records carry: a probe is a step; a drain or the end admits none. */
  public RequestPhase recordPhase() {
    return switch (kind) {
      case WARMUP -> RequestPhase.WARMUP;
      case HOLD -> RequestPhase.HOLD;
      default -> RequestPhase.STEP;
    };
  }

  /** Whether requests are admitted in this phase. */
  public boolean admits() {
    return kind == Kind.WARMUP || kind == Kind.PROBE || kind == Kind.HOLD;
  }
}
