package dev.ttftgap.analysis;

import java.util.List;

/**
 * This run against a previous one, step by step (see {@link PreviousRunComparator}).
 *
 * @param source where the previous report was read from
 * @param steps per matched step, the deltas (this run − previous), ms
 */
public record PreviousRunComparison(String source, List<StepDelta> steps) {

  public PreviousRunComparison {
    steps = List.copyOf(steps);
  }

  /** Steps whose TTFB regressed, in step order: points at the network or gateway. */
  public List<Integer> ttfbRegressionSteps() {
    return steps.stream().filter(StepDelta::ttfbRegression).map(StepDelta::step).toList();
  }

  /**
   * Steps whose gap regressed, in step order: points at the model side (model, prompt length,
   * server load).
   */
  public List<Integer> gapRegressionSteps() {
    return steps.stream().filter(StepDelta::gapRegression).map(StepDelta::step).toList();
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
