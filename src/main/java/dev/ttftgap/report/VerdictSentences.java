package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClosedLoopModel;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import dev.ttftgap.analysis.HeldRate;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.PreviousRunComparison;
import dev.ttftgap.analysis.QueueModel;
import dev.ttftgap.analysis.Replicas;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.SloEvaluator;
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
   * One sentence (or two) per verdict, in reading order: how to read (where the queue is, step by
   * step), knee (on TTFT, then the gap's), SLO, saturation, model, replicas (both naming the
   * queue's place, since the fix differs), baseline, the load generator's health.
   */
  public static List<String> of(CapacityReport report) {
    List<String> sentences = new ArrayList<>(report.runNotes());
    ServerVerdict.afterRun(report).ifPresent(sentences::add);
    int cut = report.steps().stream().mapToInt(StepStats::cutByClientRequests).sum();
    if (cut > 0) {
      sentences.add(cutByClient(cut));
    }
    int malformed = report.steps().stream().mapToInt(StepStats::malformedChunks).sum();
    if (malformed > 0) {
      sentences.add(malformedChunks(malformed));
    }
    sentences.add(QueueLocationSentences.headers(report));
    sentences.add(knee(report));
    ServerVerdict.of(report).ifPresent(sentences::add);
    sentences.add(slo(report) + QueueLocationSentences.fix(report, false));
    sentences.add(saturation(report));
    stalls(report).ifPresent(sentences::add);
    sentences.add(model(report));
    if (report.replicas() != null) {
      sentences.add(
          (closed(report) ? closedReplicas(report.replicas()) : replicas(report.replicas()))
              + QueueLocationSentences.fix(report, true));
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

  /** Requests the tool cut itself, said apart so nobody reads them as the server's errors. */
  static String cutByClient(int cut) {
    return cut
        + (cut == 1 ? " request was" : " requests were")
        + " cut by the tool itself (in flight when the run was interrupted or stopped by the"
        + " circuit breaker): not counted as the server's errors.";
  }

  /** Corrupted stream events: worth a look even when every request ended ok. */
  static String malformedChunks(int malformed) {
    return malformed
        + (malformed == 1 ? " stream event was" : " stream events were")
        + " not a valid chunk (not one JSON object): something between the server and the client"
        + " (or the server itself) corrupts the stream; records.jsonl has malformedChunks per"
        + " request.";
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
      case HELD_BY_QUEUE ->
          "Headers arrive when the request is accepted, but acceptance waits in a queue (median"
              + " TTFB "
              + Fmt.ms(verdict.ttfbP50Millis())
              + ", median gap "
              + Fmt.ms(verdict.gapP50Millis())
              + "): the queue is before the headers.";
      case UNKNOWN -> "No request succeeded with a first token: there is no latency to analyse.";
    };
  }

  /**
   * The knee on TTFT and where its growth is ({@link TtftKneeSentences#ttftKnee}), then the gap's
   * knee; the gap's alone when the report has no TTFT knee.
   */
  static String knee(CapacityReport report) {
    return TtftKneeSentences.ttftKnee(report)
        .map(ttft -> ttft + " " + gapKnee(report, "Gap knee"))
        .orElseGet(() -> gapKnee(report, "Knee"));
  }

  private static String gapKnee(CapacityReport report, String lead) {
    Knee knee = report.knee();
    if (!knee.determined()) {
      return "Knee: not determined. No step was steady with enough successful requests to serve as"
          + " the low-load baseline (a run of overloaded steps has none): start the stairs at a"
          + " rate the server carries without queueing.";
    }
    String tail = tail(report, knee);
    if (!knee.found()) {
      StepStats last = report.steps().get(report.steps().size() - 1);
      return "The median gap stayed within its low-load band (median "
          + Fmt.ms(knee.baselineGapP50Millis())
          + ", band up to "
          + Fmt.ms(knee.bandUpperMillis())
          + ") at every step up to "
          + (closed(report) ? streams(last.concurrency()) : Fmt.rate(last.rate()))
          + ": no queueing knee in the median."
          + tail;
    }
    return lead
        + " at step "
        + knee.step()
        + " ("
        + (closed(report)
            ? streams(knee.concurrency())
            : Fmt.rate(knee.rate())
                + (knee.rateLow() == null
                    ? ""
                    : ", between " + Fmt.num(knee.rateLow()) + " and " + Fmt.num(knee.rate())))
        + "): the median gap leaves its low-load band (median "
        + Fmt.ms(knee.baselineGapP50Millis())
        + " at step "
        + knee.baselineStep()
        + ", band up to "
        + Fmt.ms(knee.bandUpperMillis())
        + ") there and stays out: requests start to queue."
        + tail;
  }

  /** What the p95 gap did, after the median's sentence: the tail often queues first. */
  private static String tail(CapacityReport report, Knee knee) {
    if (knee.p95Step() == null) {
      return knee.baselineGapP95Millis() == null
          ? ""
          : " The p95 gap stayed within its band (up to "
              + Fmt.ms(knee.p95BandUpperMillis())
              + ").";
    }
    StepStats step = report.step(knee.p95Step());
    String where =
        "step "
            + knee.p95Step()
            + " ("
            + (closed(report) ? streams(step.concurrency()) : Fmt.rate(step.rate()))
            + ")";
    String band =
        " (low-load p95 "
            + Fmt.ms(knee.baselineGapP95Millis())
            + ", band up to "
            + Fmt.ms(knee.p95BandUpperMillis())
            + ")";
    return switch (String.valueOf(knee.firstMoved())) {
      case "p95" ->
          " The p95 gap moved first: it left its band"
              + band
              + " at "
              + where
              + ", before the median: bursts already queue there.";
      case "together" -> " The p95 gap left its band" + band + " at the same step.";
      default -> " The p95 gap left its band" + band + " at " + where + ".";
    };
  }

  /**
   * The SLO verdict, naming the steps it left out because the load generator could not vouch for
   * them; when it could vouch for none, says so instead of a verdict.
   */
  static String slo(CapacityReport report) {
    List<Integer> leftOut =
        report.loadGenerator() == null ? List.of() : report.loadGenerator().leftOutOfSloSteps();
    if (leftOut.isEmpty()) {
      return sloOnSteps(report);
    }
    String steps = LoadGeneratorSentences.stepList(leftOut);
    SloVerdict slo = report.slo();
    boolean noneUsable =
        slo.maxSustainableRate() == null
            && slo.maxConcurrency() == null
            && slo.firstFailingStep() == null;
    if (noneUsable) {
      return "No SLO verdict ("
          + limits(slo)
          + "): the load generator could not vouch for any step it ran ("
          + steps
          + "; its own delay reached a tenth of the tightest limit), so their latencies may be its"
          + " own. Rerun with fewer streams per machine or split the load across injectors.";
    }
    return sloOnSteps(report)
        + " Left out: "
        + steps
        + " (the load generator could not vouch for "
        + (leftOut.size() > 1 ? "them" : "it")
        + ").";
  }

  private static String limits(SloVerdict slo) {
    return limits(slo.ttftP95LimitMillis(), slo.gapP95LimitMillis(), slo.errorRateLimitPercent());
  }

  private static String sloOnSteps(CapacityReport report) {
    SloVerdict slo = report.slo();
    String limits = limits(slo);
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
    String headline = Fmt.rateWithin(slo.maxSustainableRate(), slo.rateLow(), slo.rateHigh());
    String method = slo.method() == null ? "" : slo.method().replace("_capped", "");
    StringBuilder text = new StringBuilder();
    switch (method) {
      case "held" -> {
        HeldRate held = slo.held();
        text.append("Sustains ")
            .append(headline)
            .append(" under the SLO (")
            .append(limits)
            .append("): held for ")
            .append(Fmt.num(held.heldSeconds()))
            .append(" s at step ")
            .append(held.step())
            .append(" (p95 TTFT ")
            .append(Fmt.ms(held.ttftP95Millis()))
            .append(", p95 gap ")
            .append(Fmt.ms(held.gapP95Millis()))
            .append(", errors ")
            .append(Fmt.pct(held.errorRatePercent()))
            .append(", achieved ")
            .append(Fmt.rate(held.achievedRatePerSec()))
            .append(", steady)");
        if (held.failingRatePerSec() != null) {
          text.append("; ")
              .append(Fmt.rate(held.failingRatePerSec()))
              .append(" failed (")
              .append(metricName(slo.limitingMetric()))
              .append(")");
        }
        text.append('.');
      }
      case "lower_bound" ->
          text.append("Every step met the SLO (")
              .append(limits)
              .append(") in steady state: the max sustainable rate is at least ")
              .append(Fmt.rate(slo.maxSustainableRate()))
              .append("; raise the load to find it.");
      default -> {
        StepStats pass = report.step(slo.lastPassingStep());
        StepStats fail = report.step(slo.firstFailingStep());
        text.append("Max sustainable rate under the SLO (")
            .append(limits)
            .append("): ")
            .append(headline);
        switch (method) {
          case "interpolated" ->
              text.append(", interpolated between step ")
                  .append(pass.step())
                  .append(" (passes, steady) and step ")
                  .append(fail.step())
                  .append(" (breaks ")
                  .append(metricName(slo.limitingMetric()))
                  .append(").");
          default ->
              text.append(": step ")
                  .append(pass.step())
                  .append(" (")
                  .append(Fmt.rate(pass.rate()))
                  .append(") passes in steady state, step ")
                  .append(fail.step())
                  .append(" (")
                  .append(Fmt.rate(fail.rate()))
                  .append(") does not (")
                  .append(failure(fail, slo))
                  .append(
                      method.equals("model")
                          ? "); between them the fitted queue places the limit."
                          : "), and no fitted model places the limit between them.");
        }
      }
    }
    if (slo.cappedBySaturation()) {
      text.append(" Capped at ")
          .append(String.format(Locale.ROOT, "%.0f %%", 100 * SloEvaluator.MAX_UTILISATION))
          .append(" of the ")
          .append(Fmt.rate(report.saturation().saturationRate()))
          .append(" saturation: closer to it a queue takes longer to settle than a step lasts.");
    }
    for (Integer step : slo.transientSteps()) {
      if (step.equals(slo.firstFailingStep())) {
        continue;
      }
      StepStats t = report.step(step);
      text.append(" Step ")
          .append(step)
          .append(" (")
          .append(Fmt.rate(t.rate()))
          .append(") met the limits only transiently: ")
          .append(t.steadyState().reason())
          .append("; held, it would break them.");
    }
    String next = nextRun(slo);
    if (next != null) {
      text.append(' ').append(next);
    }
    return text.toString();
  }

  /** Why a failing step failed: its broken limits, else its growing queue. */
  private static String failure(StepStats step, SloVerdict slo) {
    if (step.unsteady()) {
      return (slo.transientSteps().contains(step.step())
              ? "it met the limits only transiently, held it would break them: "
              : "not steady: ")
          + step.steadyState().reason();
    }
    return "breaks " + metricName(slo.limitingMetric());
  }

  /** The run that would decide what this one could not, or null when it decided. */
  static String nextRun(SloVerdict slo) {
    if ("held".equals(slo.method()) || slo.rateLow() == null) {
      return null;
    }
    if (slo.rateHigh() == null) {
      return "To find the limit, run find-max-rate from "
          + Fmt.rate(slo.rateLow())
          + ": mvn gatling:test -Dprofile=find-max-rate -Dsearch.startRate="
          + Fmt.num(slo.rateLow())
          + ".";
    }
    return "To prove a rate, hold it: run find-max-rate between "
        + Fmt.num(slo.rateLow())
        + " and "
        + Fmt.rate(slo.rateHigh())
        + " (mvn gatling:test -Dprofile=find-max-rate -Dsearch.startRate="
        + Fmt.num(slo.rateLow())
        + " -Dsearch.maxRate="
        + Fmt.num(slo.rateHigh())
        + ").";
  }

  /** The SLO verdict of a closed run, in concurrent streams and the throughput there. */
  /**
   * The SLO's limits as applied, e.g. "p95 TTFT ≤ 3000 ms, p95 gap ≤ 2500 ms, errors ≤ 1 %"; only
   * the limits given (a {@link CapacityOptions#NO_LIMIT} is left out), and "no limits given: steady
   * steps only" when there is none.
   */
  static String limits(double ttftP95Millis, double gapP95Millis, double errorRatePercent) {
    List<String> parts = new ArrayList<>();
    if (Double.isFinite(ttftP95Millis)) {
      parts.add("p95 TTFT ≤ " + Fmt.ms(ttftP95Millis));
    }
    if (Double.isFinite(gapP95Millis)) {
      parts.add("p95 gap ≤ " + Fmt.ms(gapP95Millis));
    }
    if (Double.isFinite(errorRatePercent)) {
      parts.add("errors ≤ " + Fmt.pct(errorRatePercent));
    }
    return parts.isEmpty() ? NO_SLO : String.join(", ", parts);
  }

  /** The SLO's text when the profile gives no limit: only steadiness decides. */
  static final String NO_SLO = "no limits given: steady steps only";

  /** The SLO a report applied, for the pages that state it. */
  static String limits(CapacityOptions options) {
    return limits(
        options.sloTtftP95Millis(), options.sloGapP95Millis(), options.sloErrorRatePercent());
  }

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

  /**
   * " The engine's analytic capacity for these requests is 7.89 rps (measured −6 %)." when the run
   * knows it; empty otherwise.
   */
  private static String knownCapacity(CapacityReport report) {
    Saturation saturation = report.saturation();
    return report
        .options()
        .knownSaturationRate()
        .map(
            known ->
                " The engine's analytic capacity for these requests (their prompt and output"
                    + " lengths) is "
                    + Fmt.rate(known)
                    + (saturation.reached()
                        ? " (measured "
                            + Fmt.signedPct(saturation.saturationRate() / known - 1)
                            + ")."
                        : "."))
        .orElse("");
  }

  static String saturation(CapacityReport report) {
    Saturation saturation = report.saturation();
    String known = knownCapacity(report) + unvouchedPlateau(report);
    if (closed(report)) {
      return closedSaturation(report, known);
    }
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

  /**
   * Said after a plateau found at a step the SLO verdict leaves out (the load generator's own delay
   * reached a tenth of the tightest limit): a starved client completes fewer requests, so the
   * plateau may be its own. Empty otherwise.
   */
  private static String unvouchedPlateau(CapacityReport report) {
    Saturation saturation = report.saturation();
    if (!saturation.reached()
        || saturation.step() == null
        || report.loadGenerator() == null
        || !report.loadGenerator().leftOutOfSlo(saturation.step())) {
      return "";
    }
    return " The load generator could not vouch for step "
        + saturation.step()
        + " (its own delay reached a tenth of the tightest limit): this plateau may be its own,"
        + " not the server's.";
  }

  /**
   * "Stalls: from step 4 (2 rps) 38 % of requests paused mid-stream ...", with the causes the run's
   * evidence leaves standing ({@link StallSentence}); empty when no step stalls noticeably.
   */
  static java.util.Optional<String> stalls(CapacityReport report) {
    return StallSentence.of(report);
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
        + " steps). At 80 % of that saturation ("
        + Fmt.rate(probe)
        + ") it predicts a median gap of "
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

  static String baseline(PreviousRunComparison comparison) {
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

  static boolean closed(CapacityReport report) {
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
      case "steady_state" -> "steady state";
      default -> metric;
    };
  }
}
