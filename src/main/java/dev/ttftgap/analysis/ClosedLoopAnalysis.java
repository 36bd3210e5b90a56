package dev.ttftgap.analysis;

import java.util.List;

/**
 * A closed run's analysis: users that wait for their answers, a throughput plateau, Little's law
 * (the G/G/c fit assumes open arrivals).
 */
record ClosedLoopAnalysis() implements LoadModeAnalysis {
  /** Why a closed run gets no G/G/c fit. */
  static final String CLOSED_MODEL_NOTE =
      "closed model (arrivals follow completions, so the open-arrival G/G/c queue does not apply)";

  /** The steps of concurrency, as measured. */
  @Override
  public List<StepStats> byLoad(List<StepStats> steps) {
    return steps;
  }

  @Override
  public Saturation saturation(List<StepStats> byLoad) {
    return ThroughputPlateauDetector.detect(byLoad);
  }

  @Override
  public Models models(Run run) {
    ClosedLoopModel closedLoop =
        ClosedLoopModelFitter.fit(run.steps(), run.samples(), run.lowLoad(), run.saturation());
    String note =
        closedLoop == null
            ? CLOSED_MODEL_NOTE
                + "; no Little's-law figures either: "
                + ClosedLoopModelFitter.notFittedReason(run.lowLoad(), run.saturation())
            : CLOSED_MODEL_NOTE;
    return new Models(null, closedLoop, note);
  }

  @Override
  public Replicas replicas(double peakRate, SloVerdict slo, Models models, Run run) {
    return ReplicaPlanner.planClosed(peakRate, slo, run.saturation());
  }
}
