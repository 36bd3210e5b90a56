package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.QueueModel;
import dev.ttftgap.analysis.Replicas;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.StepStats;
import java.util.Locale;

/**
 * An open run's verdicts, in arrival rates: each step offered a rate whatever the server did. The
 * SLO's is {@link OpenSloSentence}.
 */
final class OpenLoopSentences implements LoadModeSentences {
  static final OpenLoopSentences INSTANCE = new OpenLoopSentences();

  private OpenLoopSentences() {}

  @Override
  public String stepLoad(StepStats step) {
    return Fmt.rate(step.rate());
  }

  @Override
  public String kneeLoad(Knee knee) {
    return Fmt.rate(knee.rate())
        + (knee.rateLow() == null
            ? ""
            : ", between " + Fmt.num(knee.rateLow()) + " and " + Fmt.num(knee.rate()));
  }

  @Override
  public String slo(CapacityReport report, String limits) {
    return OpenSloSentence.of(report, limits);
  }

  @Override
  public String saturation(CapacityReport report, String known) {
    Saturation saturation = report.saturation();
    if (!saturation.reached()) {
      StepStats unsteady =
          report.steps().stream()
              .filter(StepStats::unsteady)
              .filter(s -> s.rate() != null)
              .min(java.util.Comparator.comparing(StepStats::rate))
              .orElse(null);
      if (unsteady != null) {
        return "Throughput kept up with arrivals in every step (best "
            + Fmt.rate(saturation.maxAchievedRate())
            + "), but step "
            + unsteady.step()
            + " ("
            + Fmt.rate(unsteady.rate())
            + ") was not steady: the capacity is below "
            + Fmt.rate(unsteady.rate())
            + ", and no step lasted long enough to measure the plateau."
            + known;
      }
      return "Throughput followed the arrival rate at every step (best "
          + Fmt.rate(saturation.maxAchievedRate())
          + "): saturation not reached."
          + known;
    }
    return "Saturation: throughput plateaus at "
        + Fmt.rateWithin(saturation.saturationRate(), saturation.rateLow(), saturation.rateHigh())
        + ", completions below "
        + String.format(Locale.ROOT, "%.0f %%", 100 * saturation.thresholdRatio())
        + " of arrivals from step "
        + saturation.step()
        + " ("
        + Fmt.rate(saturation.rate())
        + ") on."
        + known;
  }

  @Override
  public String model(CapacityReport report) {
    QueueModel model = report.model();
    if (model == null) {
      return "No queueing model fitted: " + report.modelNote() + ".";
    }
    double probe = 0.8 * model.saturationRate();
    return "Fitted queueing model "
        + model.name()
        + ": c = "
        + model.servers()
        + " servers, S = "
        + Fmt.ms(model.serviceTimeMillis())
        + " per request, saturating at "
        + Fmt.rate(model.saturationRate())
        + "; fit error "
        + Fmt.pct(model.fitMapePercent())
        + " (gap p50, "
        + model.fittedSteps().size()
        + " steps). At 80 % of that saturation ("
        + Fmt.rate(probe)
        + ") it predicts a median gap of "
        + Fmt.ms(model.predictedGapMillis(probe, 50))
        + " and a p95 of "
        + Fmt.ms(model.predictedGapMillis(probe, 95))
        + ".";
  }

  @Override
  public String replicas(Replicas replicas) {
    StringBuilder text =
        new StringBuilder("For a peak of ").append(Fmt.rate(replicas.peakRate())).append(": ");
    if (replicas.recommended() == null) {
      return text.append("no replica count (no step met the SLO in steady state).").toString();
    }
    text.append(replicas.recommended())
        .append(replicas.recommended() == 1 ? " replica" : " replicas")
        .append(", each sized for ")
        .append(Fmt.rate(replicas.perReplicaRatePerSec()))
        .append(
            switch (replicas.basis()) {
              case "held" -> " (the rate held under the SLO)";
              case "model_poisson" ->
                  " (the fitted queue's SLO rate under Poisson arrivals, as a real peak of"
                      + " independent users arrives; lower than the rate the steps sustained)";
              default -> " (the max sustainable rate of the steady steps)";
            });
    if (replicas.utilisationPercent() != null) {
      text.append(": the peak runs them at ")
          .append(Fmt.pct(replicas.utilisationPercent()))
          .append(" of their capacity");
    }
    return text.append('.').toString();
  }
}
