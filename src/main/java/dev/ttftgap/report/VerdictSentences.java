package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.Saturation;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.SloVerdict;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's verdicts as plain sentences, shared by the Markdown, HTML and console renderers. A
 * closed run's verdicts read in concurrent streams and throughput, an open run's in arrival rates:
 * {@link LoadModeSentences} says them by mode ({@link OpenLoopSentences}, {@link
 * ClosedLoopSentences}); the knee's are {@link KneeSentences}.
 */
public final class VerdictSentences {
  /** Said when no peak was given: the question most users came with, and how to ask it. */
  static final String REPLICAS_HINT =
      "Replicas: not planned. Give your expected peak arrival rate (-Dcapacity.peakRate=R on a"
          + " run, --peak-rate R to CapacityMain) to get the replicas it needs under the SLO.";

  private VerdictSentences() {}

  /**
   * One sentence (or two) per verdict, in reading order: how to read (where the queue is, step by
   * step), knee (on TTFT, then the gap's), SLO, the request classes' joint answer and the launch
   * spike's recovery (when the run had them), saturation, model, replicas (both naming the queue's
   * place, since the fix differs), baseline, the load generator's health, then what opening
   * connections cost.
   */
  public static List<String> of(CapacityReport report) {
    List<String> sentences = new ArrayList<>(report.runNotes());
    String streams = KindSentences.streams(report);
    if (!streams.isEmpty()) {
      sentences.add(streams);
    }
    ServerVerdict.afterRun(report).ifPresent(sentences::add);
    int cut = report.steps().stream().mapToInt(s -> s.stream().cutByClientRequests()).sum();
    if (cut > 0) {
      sentences.add(cutByClient(cut));
    }
    int malformed = report.steps().stream().mapToInt(s -> s.stream().malformedChunks()).sum();
    if (malformed > 0) {
      sentences.add(malformedChunks(malformed));
    }
    sentences.add(QueueLocationSentences.headers(report));
    sentences.add(knee(report));
    ServerVerdict.of(report).ifPresent(sentences::add);
    sentences.add(
        slo(report) + KindSentences.unjudged(report) + QueueLocationSentences.fix(report, false));
    ClassSentences.of(report).ifPresent(sentences::add);
    RecoverySentences.of(report).ifPresent(sentences::add);
    sentences.add(saturation(report));
    stalls(report).ifPresent(sentences::add);
    sentences.add(model(report));
    if (report.replicas() != null) {
      sentences.add(
          LoadModeSentences.of(report).replicas(report.replicas())
              + QueueLocationSentences.fix(report, true));
    } else {
      sentences.add(REPLICAS_HINT);
    }
    if (report.baseline() != null) {
      sentences.add(BaselineSentence.of(report.baseline()));
    }
    if (report.loadGenerator() != null) {
      sentences.add(LoadGeneratorSentences.verdict(report.loadGenerator()));
    }
    // how the client reached the server: a detail of TTFB, after the verdicts
    ConnectionSentences.of(report.input().connections()).ifPresent(sentences::add);
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
    return KneeSentences.knee(report);
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
    return limits(slo.slo());
  }

  private static String sloOnSteps(CapacityReport report) {
    return LoadModeSentences.of(report).slo(report, limits(report.slo()));
  }

  /**
   * The SLO's limits as applied, e.g. "p95 TTFT ≤ 3000 ms, p95 gap ≤ 2500 ms, errors ≤ 1 %"; only
   * the limits given, and "no limits given: steady steps only" when there is none.
   */
  static String limits(Slo slo) {
    List<String> parts = new ArrayList<>();
    slo.ttftP95Millis().ifPresent(ms -> parts.add("p95 TTFT ≤ " + Fmt.ms(ms)));
    slo.gapP95Millis().ifPresent(ms -> parts.add("p95 gap ≤ " + Fmt.ms(ms)));
    slo.errorRatePercent().ifPresent(pct -> parts.add("errors ≤ " + Fmt.pct(pct)));
    slo.ttfvtP95Millis().ifPresent(ms -> parts.add("p95 TTFVT ≤ " + Fmt.ms(ms)));
    slo.ttfrP95Millis().ifPresent(ms -> parts.add("p95 TTFR ≤ " + Fmt.ms(ms)));
    slo.ttftcP95Millis().ifPresent(ms -> parts.add("p95 TTFTC ≤ " + Fmt.ms(ms)));
    return parts.isEmpty() ? NO_SLO : String.join(", ", parts);
  }

  /** The SLO's text when the profile gives no limit: only steadiness decides. */
  static final String NO_SLO = "no limits given: steady steps only";

  /** The SLO a report applied, for the pages that state it. */
  static String limits(CapacityOptions options) {
    return limits(options.slo());
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
    String known = knownCapacity(report) + unvouchedPlateau(report);
    return LoadModeSentences.of(report).saturation(report, known);
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
    return LoadModeSentences.of(report).model(report);
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

  /**
   * "p95 TTFT", "the error rate", … for a limit's name in {@link SloVerdict}; "nothing" for null.
   */
  static String metricName(String metric) {
    if (metric == null) {
      return "nothing";
    }
    return switch (metric) {
      case "ttft_p95" -> "p95 TTFT";
      case "gap_p95" -> "p95 gap";
      case "error_rate" -> "the error rate";
      case "steady_state" -> "steady state";
      default -> KindSentences.name(metric) == null ? metric : KindSentences.name(metric);
    };
  }
}
