package dev.ttftgap.report;

import static dev.ttftgap.report.VerdictSentences.metricName;
import static dev.ttftgap.report.VerdictSentences.streams;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClosedLoopModel;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.Replicas;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.StepStats;
import java.util.Locale;

/**
 * A closed run's verdicts, in concurrent streams and throughput: each step held a number of users,
 * each sending its next request when the previous one ended, so arrivals followed completions.
 */
final class ClosedLoopSentences implements LoadModeSentences {
  static final ClosedLoopSentences INSTANCE = new ClosedLoopSentences();

  private ClosedLoopSentences() {}

  @Override
  public String stepLoad(StepStats step) {
    return streams(step.concurrency());
  }

  @Override
  public String kneeLoad(Knee knee) {
    return streams(knee.concurrency());
  }

  @Override
  public String slo(CapacityReport report, String limits) {
    SloVerdict slo = report.slo();
    if (slo.maxConcurrency() == null && slo.firstFailingStep() == null) {
      return "Max concurrency under the SLO ("
          + limits
          + "): undefined, no step had a concurrency.";
    }
    if (slo.maxConcurrency() == null) {
      return "Even the first step ("
          + streams(report.step(slo.firstFailingStep()).concurrency())
          + ") breaks the SLO ("
          + limits
          + ") on "
          + metricName(slo.limitingMetric())
          + ": fewer concurrent streams than that meet it.";
    }
    if (slo.lowerBound()) {
      return "Every step met the SLO ("
          + limits
          + "): at least "
          + streams(slo.maxConcurrency())
          + " meet it, at "
          + Fmt.rate(slo.throughputAtMaxConcurrency())
          + "; raise the concurrency to find the limit.";
    }
    StepStats pass = report.step(slo.lastPassingStep());
    StepStats fail = report.step(slo.firstFailingStep());
    return "Up to "
        + streams(slo.maxConcurrency())
        + " meet the SLO ("
        + limits
        + "), at "
        + Fmt.rate(slo.throughputAtMaxConcurrency())
        + ": interpolated between step "
        + pass.step()
        + " ("
        + pass.concurrency()
        + " streams, passes) and step "
        + fail.step()
        + " ("
        + fail.concurrency()
        + " streams, breaks "
        + metricName(slo.limitingMetric())
        + ").";
  }

  /** The saturation of a closed run: the concurrency where throughput stops rising. */
  @Override
  public String saturation(CapacityReport report, String known) {
    Saturation saturation = report.saturation();
    String tolerance = String.format(Locale.ROOT, "%.0f %%", 100 * saturation.plateauTolerance());
    if (!saturation.reached()) {
      StepStats last = report.steps().get(report.steps().size() - 1);
      return "Throughput was still rising at the last step ("
          + streams(last.concurrency())
          + ", "
          + Fmt.rate(last.rates().achievedRate())
          + "; best "
          + Fmt.rate(saturation.maxAchievedRate())
          + "): no plateau within "
          + tolerance
          + ", the server's capacity is above that; raise the concurrency."
          + known;
    }
    return "Saturation: throughput plateaus at "
        + Fmt.rate(saturation.saturationRate())
        + " from "
        + streams(saturation.concurrency())
        + " on (step "
        + saturation.step()
        + "; no later step more than "
        + tolerance
        + " above it): the server's capacity, more streams only wait longer."
        + known;
  }

  /** The G/G/c note and the Little's-law figures of a closed run. */
  @Override
  public String model(CapacityReport report) {
    String note = "No queueing model fitted: " + report.modelNote() + ".";
    ClosedLoopModel loop = report.closedLoopModel();
    if (loop == null) {
      return note;
    }
    StringBuilder text =
        new StringBuilder(note)
            .append(" Little's law instead: ")
            .append(Fmt.rate(loop.plateauThroughput()))
            .append(" × ")
            .append(Fmt.ms(loop.serviceTimeMillis()))
            .append(" per request = ")
            .append(Fmt.num(loop.busySlots()))
            .append(" requests in service, so about ")
            .append(loop.servers())
            .append(" slots; beyond ")
            .append(streams(loop.servers()))
            .append(" every further stream waits, adding ")
            .append(Fmt.ms(loop.waitMillisPerStream()))
            .append(" to the mean queueing delay");
    if (!loop.checkedSteps().isEmpty()) {
      ClosedLoopModel.StepCheck top = loop.checkedSteps().get(loop.checkedSteps().size() - 1);
      text.append(" (at ")
          .append(streams(top.concurrency()))
          .append(" it predicts ")
          .append(Fmt.ms(top.predictedQueueingDelayMillis()))
          .append(", measured ")
          .append(Fmt.ms(top.measuredQueueingDelayMillis()))
          .append("; error ")
          .append(Fmt.pct(loop.fitMapePercent()))
          .append(" over ")
          .append(loop.checkedSteps().size())
          .append(" step(s))");
    }
    return text.append('.').toString();
  }

  /** Replicas of a closed run: from the SLO-meeting throughput and from the plateau. */
  @Override
  public String replicas(Replicas replicas) {
    StringBuilder text =
        new StringBuilder("For a peak of ").append(Fmt.rate(replicas.peakRate())).append(": ");
    if (replicas.fromMeasured() != null) {
      text.append(replicas.measuredIsUpperBound() ? "at most " : "")
          .append(replicas.fromMeasured())
          .append(" replica(s) at the SLO (")
          .append(streams(replicas.concurrencyPerReplica()))
          .append(" each)");
    } else {
      text.append("no replica count at the SLO (no step met it)");
    }
    if (replicas.fromPlateau() != null) {
      text.append(", and no fewer than ")
          .append(replicas.fromPlateau())
          .append(" at the ")
          .append(Fmt.rate(replicas.plateauRatePerReplica()))
          .append(" plateau (each replica at capacity)");
    }
    return text.append(
            ". Both hold for clients like these, each waiting for its answer; open arrivals at that"
                + " rate queue more.")
        .toString();
  }
}
