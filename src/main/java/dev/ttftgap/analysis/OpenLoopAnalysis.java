package dev.ttftgap.analysis;

import java.util.Comparator;
import java.util.List;

/** An open run's analysis: arrivals at a rate, completions that fall behind, the G/G/c fit. */
record OpenLoopAnalysis() implements LoadModeAnalysis {

  /** A search run's steps come in the order it probed them; the detectors read them by rate. */
  @Override
  public List<StepStats> byLoad(List<StepStats> steps) {
    return steps.stream()
        .sorted(
            Comparator.comparing((StepStats s) -> s.rate() == null ? Double.MAX_VALUE : s.rate()))
        .toList();
  }

  @Override
  public Saturation saturation(List<StepStats> byLoad) {
    return SaturationDetector.detect(byLoad);
  }

  @Override
  public Models models(Run run) {
    QueueModel model =
        QueueModelFitter.fit(run.byLoad(), run.samples(), run.lowLoad(), run.saturation());
    return new Models(
        model,
        null,
        model == null
            ? QueueModelFitter.notFittedReason(run.steps(), run.lowLoad(), run.saturation())
            : null);
  }

  @Override
  public Replicas replicas(double peakRate, SloVerdict slo, Models models, Run run) {
    Saturation saturation = run.saturation();
    return ReplicaPlanner.plan(
        peakRate,
        slo,
        models.queue(),
        run.lowLoad(),
        run.options(),
        saturation.reached() ? saturation.saturationRate() : null);
  }
}
