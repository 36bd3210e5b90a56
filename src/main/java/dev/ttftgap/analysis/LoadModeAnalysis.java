package dev.ttftgap.analysis;

import java.util.List;

/**
 * The parts of the analysis that differ by how the load was applied ({@link LoadModel}): an open
 * run ({@link OpenLoopAnalysis}) saturates where completions fall behind arrivals and gets the
 * G/G/c fit; a closed run ({@link ClosedLoopAnalysis}) saturates on its throughput plateau and gets
 * Little's-law figures instead, since arrivals follow completions.
 */
sealed interface LoadModeAnalysis permits OpenLoopAnalysis, ClosedLoopAnalysis {

  /** The analysis for the load model of {@code steps}. */
  static LoadModeAnalysis of(List<StepStats> steps) {
    return LoadModel.of(steps) == LoadModel.CLOSED
        ? new ClosedLoopAnalysis()
        : new OpenLoopAnalysis();
  }

  /** The steps in order of load, as the detectors read them. */
  List<StepStats> byLoad(List<StepStats> steps);

  /** Where the server saturates, from the steps in order of load. */
  Saturation saturation(List<StepStats> byLoad);

  /** The queueing figures of the run, with the note that says why one is missing. */
  Models models(Run run);

  /** The replicas for {@code peakRate} requests/s under the SLO verdict. */
  Replicas replicas(double peakRate, SloVerdict slo, Models models, Run run);

  /**
   * What the mode-specific parts read.
   *
   * @param steps the steps in the order measured
   * @param byLoad the same in order of load ({@link #byLoad})
   * @param samples the steps' samples
   * @param lowLoad the low-load baseline; null when none
   * @param saturation where the server saturates ({@link #saturation})
   * @param options what the analysis is asked
   */
  record Run(
      List<StepStats> steps,
      List<StepStats> byLoad,
      List<StepSamples> samples,
      LowLoadReference lowLoad,
      Saturation saturation,
      CapacityOptions options) {}

  /**
   * The run's queueing figures.
   *
   * @param queue the G/G/c fit (open run); null when not fitted
   * @param closedLoop Little's-law figures (closed run); null otherwise
   * @param note why there is no G/G/c fit; null when there is one
   */
  record Models(QueueModel queue, ClosedLoopModel closedLoop, String note) {}
}
