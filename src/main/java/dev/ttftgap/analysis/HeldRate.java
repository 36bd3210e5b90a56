package dev.ttftgap.analysis;

/**
 * A rate a search run held for a long step and that met the SLO in steady state: the proof of a max
 * sustainable rate (see {@link SloEvaluator}).
 *
 * @param step the hold step
 * @param ratePerSec the offered rate held, requests/s
 * @param achievedRatePerSec completions per second during the hold, requests/s
 * @param heldSeconds how long it was held, s
 * @param ttftP95Millis p95 TTFT over the hold, ms; null when undefined
 * @param gapP95Millis p95 gap over the hold, ms; null when undefined
 * @param errorRatePercent failed requests of the hold, percent
 * @param failingRatePerSec the lowest rate above it that the search saw fail, requests/s; null when
 *     none failed
 */
public record HeldRate(
    int step,
    double ratePerSec,
    Double achievedRatePerSec,
    Double heldSeconds,
    Double ttftP95Millis,
    Double gapP95Millis,
    double errorRatePercent,
    Double failingRatePerSec) {

  /**
   * The hold of step {@code hold} (its figures: achieved rate, window, p95 TTFT and gap, errors) at
   * {@code rate}, with the failing rate above it (null when none).
   */
  static HeldRate of(StepStats hold, int step, double rate, Double failingRatePerSec) {
    return new HeldRate(
        step,
        rate,
        hold.rates().achievedRate(),
        hold.rates().windowSeconds(),
        hold.latencies().ttft() == null ? null : hold.latencies().ttft().p95Millis(),
        hold.latencies().gap() == null ? null : hold.latencies().gap().p95Millis(),
        hold.counts().errorRatePercent(),
        failingRatePerSec);
  }
}
