package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Compares the steps of this run with those of a previous report, alerting on TTFB and on the gap
 * separately: a TTFB jump points at the network or gateway, a gap jump at the model side (another
 * model, a longer prompt, a busier server).
 *
 * <p>Algorithm overview: steps are matched by index; a step regresses on a metric when its p50 rose
 * by more than max({@value #MIN_DELTA_MILLIS} ms, {@value #RELATIVE_DELTA} × the previous p50).
 *
 * <p>Assumptions: both runs used the same load profile (same steps); rates of both are reported so
 * a mismatch is visible.
 *
 * <p>Parameters with defaults: 10 ms, 20 %. Example: previous gap p50 120 ms, now 160 ms → +40 ms
 * &gt; max(10, 24) → gap regression.
 */
public final class PreviousRunComparator {
  static final double MIN_DELTA_MILLIS = 10;
  static final double RELATIVE_DELTA = 0.2;

  private PreviousRunComparator() {}

  static PreviousRunComparison compare(
      String source, List<StepStats> steps, List<PreviousRunStep> previous) {
    List<PreviousRunComparison.StepDelta> deltas = new ArrayList<>();
    for (StepStats step : steps) {
      PreviousRunStep before =
          previous.stream().filter(p -> p.step() == step.step()).findFirst().orElse(null);
      if (before == null) {
        continue;
      }
      Double ttfbP50 = step.latencies().ttfb() == null ? null : step.latencies().ttfb().p50Millis();
      Double ttfbP95 = step.latencies().ttfb() == null ? null : step.latencies().ttfb().p95Millis();
      Double gapP50 = step.latencies().gap() == null ? null : step.latencies().gap().p50Millis();
      Double gapP95 = step.latencies().gap() == null ? null : step.latencies().gap().p95Millis();
      deltas.add(
          new PreviousRunComparison.StepDelta(
              step.step(),
              step.rate(),
              before.rate(),
              delta(ttfbP50, before.ttfbP50Millis()),
              delta(ttfbP95, before.ttfbP95Millis()),
              delta(gapP50, before.gapP50Millis()),
              delta(gapP95, before.gapP95Millis()),
              regressed(ttfbP50, before.ttfbP50Millis()),
              regressed(gapP50, before.gapP50Millis())));
    }
    return new PreviousRunComparison(source, deltas);
  }

  static boolean regressed(Double now, Double before) {
    return now != null
        && before != null
        && now - before > Math.max(MIN_DELTA_MILLIS, RELATIVE_DELTA * before);
  }

  private static Double delta(Double now, Double before) {
    return now == null || before == null ? null : now - before;
  }
}
