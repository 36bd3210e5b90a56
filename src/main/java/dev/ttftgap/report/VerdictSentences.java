package dev.ttftgap.report;

import dev.ttftgap.analysis.BaselineComparison;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClosedLoopModel;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.QueueModel;
import dev.ttftgap.analysis.Replicas;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.analysis.StepStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The report's verdicts as plain sentences, shared by the Markdown, HTML and console renderers. A
 * closed run's verdicts read in concurrent streams and throughput, an open run's in arrival rates.
 */
public final class VerdictSentences {
  /** Said when no peak was given: the question most users came with, and how to ask it. */
  static final String REPLICAS_HINT =
      "Replicas: not planned. Give your expected peak arrival rate (-Dcapacity.peakRate=R on a"
          + " run, --peak-rate R to CapacityMain) to get the replicas it needs under the SLO.";

  private VerdictSentences() {}

  /**
   * One sentence (or two) per verdict, in reading order: how to read, knee, SLO, saturation, model,
   * replicas, baseline, the load generator's health.
   */
  public static List<String> of(CapacityReport report) {
    List<String> sentences = new ArrayList<>();
    sentences.add(headerTiming(report.headerTiming()));
    sentences.add(knee(report));
    sentences.add(slo(report));
    sentences.add(saturation(report));
    sentences.add(model(report));
    if (report.replicas() != null) {
      sentences.add(
          closed(report) ? closedReplicas(report.replicas()) : replicas(report.replicas()));
    } else {
      sentences.add(REPLICAS_HINT);
    }
    if (report.baseline() != null) {
      sentences.add(baseline(report.baseline()));
    }
    if (report.loadGenerator() != null) {
      sentences.add(LoadGeneratorSentences.verdict(report.loadGenerator()));
    }
    return sentences;
  }

  static String headerTiming(HeaderTimingVerdict verdict) {
    return switch (verdict.timing()) {
      case AT_ACCEPT ->
          "Headers arrive when the request is accepted (median TTFB "
              + Fmt.ms(verdict.ttfbP50Millis())
              + ", median gap "
              + Fmt.ms(verdict.gapP50Millis())
              + "), so the gap TTFT − TTFB holds the server's queueing and prefill.";
      case WITH_FIRST_TOKEN ->
          "The server sends its headers with the first token (median gap "
              + Fmt.ms(verdict.gapP50Millis())
              + " while median TTFT is "
              + Fmt.ms(verdict.ttftP50Millis())
              + "): TTFB ≈ TTFT, so queueing and prefill hide inside TTFB and the gap says nothing"
              + " about them.";
      case BUFFERED ->
          "The stream arrives in one piece (median TTFT "
              + Fmt.ms(verdict.ttftP50Millis())
              + " vs end of stream "
              + Fmt.ms(verdict.e2eP50Millis())
              + "): a proxy buffers it, so these timings measure the proxy, not token streaming.";
      case UNKNOWN -> "No request succeeded with a first token: there is no latency to analyse.";
    };
  }

  static String knee(CapacityReport report) {
    Knee knee = report.knee();
    if (knee.baselineStep() == null) {
      return "Knee: undefined, no step had enough successful requests for a low-load baseline.";
    }
    if (!knee.found()) {
      StepStats last = report.steps().get(report.steps().size() - 1);
      return "The gap stayed within its low-load band (median "
          + Fmt.ms(knee.baselineGapP50Millis())
          + ", band up to "
          + Fmt.ms(knee.bandUpperMillis())
          + ") at every step up to "
          + (closed(report) ? streams(last.concurrency()) : Fmt.rate(last.rate()))
          + ": no queueing knee.";
    }
    return "Knee at step "
        + knee.step()
        + " ("
        + (closed(report) ? streams(knee.concurrency()) : Fmt.rate(knee.rate()))
        + "): the median gap leaves its low-load band (median "
        + Fmt.ms(knee.baselineGapP50Millis())
        + " at step "
        + knee.baselineStep()
        + ", band up to "
        + Fmt.ms(knee.bandUpperMillis())
        + ") there and stays out: requests start to queue.";
  }

  static String slo(CapacityReport report) {
    SloVerdict slo = report.slo();
    List<String> parts = new ArrayList<>();
    if (Double.isFinite(slo.ttftP95LimitMillis())) {
      parts.add("p95 TTFT ≤ " + Fmt.ms(slo.ttftP95LimitMillis()));
    }
    if (Double.isFinite(slo.gapP95LimitMillis())) {
      parts.add("p95 gap ≤ " + Fmt.ms(slo.gapP95LimitMillis()));
    }
    parts.add("errors ≤ " + Fmt.pct(slo.errorRateLimitPercent()));
    String limits = String.join(", ", parts);
    if (closed(report)) {
      return closedSlo(report, limits);
    }
    if (slo.maxSustainableRate() == null && slo.firstFailingStep() == null) {
      return "Max sustainable rate under the SLO (" + limits + "): undefined, no step had a rate.";
    }
    if (slo.maxSustainableRate() == null) {
      return "Even the first step breaks the SLO ("
          + limits
          + ") on "
          + metricName(slo.limitingMetric())
          + ": the max sustainable rate is below "
          + Fmt.rate(report.step(slo.firstFailingStep()).rate())
          + ".";
    }
    if (slo.lowerBound()) {
      return "Every step met the SLO ("
          + limits
          + "): the max sustainable rate is at least "
          + Fmt.rate(slo.maxSustainableRate())
          + "; raise the load to find it.";
    }
    return "Max sustainable rate under the SLO ("
        + limits
        + "): "
        + Fmt.rate(slo.maxSustainableRate())
        + ", interpolated between step "
        + slo.lastPassingStep()
        + " (passes) and step "
        + slo.firstFailingStep()
        + " (breaks "
        + metricName(slo.limitingMetric())
        + ").";
  }

  /** The SLO verdict of a closed run, in concurrent streams and the throughput there. */
  private static String closedSlo(CapacityReport report, String limits) {
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
  private static String closedSaturation(CapacityReport report, String known) {
    Saturation saturation = report.saturation();
    String tolerance = String.format(Locale.ROOT, "%.0f %%", 100 * saturation.plateauTolerance());
    if (!saturation.reached()) {
      StepStats last = report.steps().get(report.steps().size() - 1);
      return "Throughput was still rising at the last step ("
          + streams(last.concurrency())
          + ", "
          + Fmt.rate(last.achievedRate())
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

  static String saturation(CapacityReport report) {
    Saturation saturation = report.saturation();
    String known =
        report
            .options()
            .knownSaturationRate()
            .map(
                known1 ->
                    saturation.reached()
                        ? " The engine's analytic capacity is "
                            + Fmt.rate(known1)
                            + " (measured "
                            + Fmt.signedPct(saturation.saturationRate() / known1 - 1)
                            + ")."
                        : " The engine's analytic capacity is " + Fmt.rate(known1) + ".")
            .orElse("");
    if (closed(report)) {
      return closedSaturation(report, known);
    }
    if (!saturation.reached()) {
      return "Throughput followed the arrival rate at every step (best "
          + Fmt.rate(saturation.maxAchievedRate())
          + "): saturation not reached."
          + known;
    }
    return "Saturation: throughput plateaus at "
        + Fmt.rate(saturation.saturationRate())
        + " (completions below "
        + String.format(Locale.ROOT, "%.0f %%", 100 * saturation.thresholdRatio())
        + " of arrivals from step "
        + saturation.step()
        + ", "
        + Fmt.rate(saturation.rate())
        + ", on)."
        + known;
  }

  static String model(CapacityReport report) {
    QueueModel model = report.model();
    if (closed(report)) {
      return closedModel(report);
    }
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
        + " steps). At "
        + Fmt.rate(probe)
        + " it predicts a median gap of "
        + Fmt.ms(model.predictedGapMillis(probe, 50))
        + " and a p95 of "
        + Fmt.ms(model.predictedGapMillis(probe, 95))
        + ".";
  }

  /** The G/G/c note and the Little's-law figures of a closed run. */
  private static String closedModel(CapacityReport report) {
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
  static String closedReplicas(Replicas replicas) {
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

  static String replicas(Replicas replicas) {
    StringBuilder text =
        new StringBuilder("For a peak of ").append(Fmt.rate(replicas.peakRate())).append(": ");
    if (replicas.fromMeasured() != null) {
      text.append(replicas.measuredIsUpperBound() ? "at most " : "")
          .append(replicas.fromMeasured())
          .append(" replica(s) from the measured SLO rate");
    } else {
      text.append("no replica count from the measurements (no step met the SLO)");
    }
    if (replicas.fromModel() != null) {
      text.append(", ")
          .append(replicas.fromModel())
          .append(" from the model (")
          .append(Fmt.rate(replicas.modelMaxRatePerReplica()))
          .append(" per replica)");
    }
    return text.append('.').toString();
  }

  static String baseline(BaselineComparison comparison) {
    if (comparison.ttfbRegressionSteps().isEmpty() && comparison.gapRegressionSteps().isEmpty()) {
      return "Against " + comparison.source() + ": no TTFB or gap regression at any matched step.";
    }
    StringBuilder text = new StringBuilder("Against ").append(comparison.source()).append(": ");
    if (!comparison.ttfbRegressionSteps().isEmpty()) {
      text.append("TTFB regressed at step(s) ")
          .append(join(comparison.ttfbRegressionSteps()))
          .append(" (look at the network or gateway)");
    }
    if (!comparison.gapRegressionSteps().isEmpty()) {
      if (!comparison.ttfbRegressionSteps().isEmpty()) {
        text.append("; ");
      }
      text.append("the gap regressed at step(s) ")
          .append(join(comparison.gapRegressionSteps()))
          .append(" (look at the model side: model, prompt length, server load)");
    }
    return text.append('.').toString();
  }

  private static boolean closed(CapacityReport report) {
    return report.loadModel() == LoadModel.CLOSED;
  }

  /** "12 concurrent streams", "1 concurrent stream"; "—" when undefined. */
  static String streams(Integer concurrency) {
    if (concurrency == null) {
      return Fmt.UNDEFINED + " concurrent streams";
    }
    return concurrency + (concurrency == 1 ? " concurrent stream" : " concurrent streams");
  }

  private static String join(List<Integer> steps) {
    return steps.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  private static String metricName(String metric) {
    if (metric == null) {
      return "nothing";
    }
    return switch (metric) {
      case "ttft_p95" -> "p95 TTFT";
      case "gap_p95" -> "p95 gap";
      case "error_rate" -> "the error rate";
      default -> metric;
    };
  }
}
