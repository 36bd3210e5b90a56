package dev.ttftgap.analysis;

import java.util.List;

/** The parts of an {@link SloVerdict}, filled in as {@link SloEvaluator}'s walk finds them. */
final class SloVerdictDraft {
  final CapacityOptions options;
  final boolean closed;
  final List<Integer> transients;
  StepStats lastPassing;
  StepStats firstFailing;
  String limiting;
  SloMethod method;
  boolean lowerBound;
  Double throughput;
  Double rateLow;
  Double rateHigh;
  boolean capped;
  HeldRate held;

  SloVerdictDraft(CapacityOptions options, boolean closed, List<Integer> transients) {
    this.options = options;
    this.closed = closed;
    this.transients = transients;
  }

  SloVerdict none(StepStats failing, String limitingMetric) {
    firstFailing = failing;
    limiting = limitingMetric;
    return build(null);
  }

  /** Open model: never above {@link SloEvaluator#MAX_UTILISATION} × the saturation rate. */
  SloVerdict capped(double best, Double saturationRate, StepStats lastPassing) {
    if (!closed && saturationRate != null && best > SloEvaluator.MAX_UTILISATION * saturationRate) {
      best = SloEvaluator.MAX_UTILISATION * saturationRate;
      capped = true;
      if (rateLow != null) {
        rateLow = Math.min(rateLow, best);
      }
    }
    return build(best);
  }

  SloVerdict build(Double best) {
    return new SloVerdict(
        options.slo(),
        closed ? null : best,
        lowerBound,
        lastPassing == null ? null : lastPassing.step(),
        firstFailing == null ? null : firstFailing.step(),
        limiting,
        closed && best != null ? (int) Math.round(best) : null,
        closed && best != null ? throughput : null,
        best == null ? null : method,
        rateLow,
        rateHigh,
        transients,
        capped,
        held);
  }
}
