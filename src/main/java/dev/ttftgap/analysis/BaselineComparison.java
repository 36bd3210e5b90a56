package dev.ttftgap.analysis;

import java.util.List;

/**
 * This run against a previous one, step by step (see {@link BaselineComparator}).
 *
 * @param source where the previous report was read from
 * @param steps per matched step, the deltas (this run − previous), ms
 * @param ttfbRegressionSteps steps whose TTFB regressed: points at the network or gateway
 * @param gapRegressionSteps steps whose gap regressed: points at the model side (model, prompt
 *     length, server load)
 */
public record BaselineComparison(
    String source,
    List<StepDelta> steps,
    List<Integer> ttfbRegressionSteps,
    List<Integer> gapRegressionSteps) {

  public BaselineComparison {
    steps = List.copyOf(steps);
    ttfbRegressionSteps = List.copyOf(ttfbRegressionSteps);
    gapRegressionSteps = List.copyOf(gapRegressionSteps);
  }

  /** Deltas of one step, this run minus the previous; null when either side is undefined. */
  public record StepDelta(
      int step,
      Double rate,
      Double baselineRate,
      Double ttfbP50DeltaMillis,
      Double ttfbP95DeltaMillis,
      Double gapP50DeltaMillis,
      Double gapP95DeltaMillis,
      boolean ttfbRegression,
      boolean gapRegression) {}
}
