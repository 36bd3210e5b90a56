package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.Knee;
import dev.ttftgap.analysis.StepStats;

/**
 * The knee's verdict: where the median gap leaves its low-load band, and what its p95 did; after
 * the TTFT knee's sentence when there is one ({@link TtftKneeSentences#ttftKnee}).
 */
final class KneeSentences {
  private KneeSentences() {}

  /**
   * The knee on TTFT and where its growth is ({@link TtftKneeSentences#ttftKnee}), then the gap's
   * knee; the gap's alone when the report has no TTFT knee.
   */
  static String knee(CapacityReport report) {
    return TtftKneeSentences.ttftKnee(report)
        .map(ttft -> ttft + " " + gapKnee(report, "Gap knee"))
        .orElseGet(() -> gapKnee(report, "Knee"));
  }

  static String gapKnee(CapacityReport report, String lead) {
    Knee knee = report.knee();
    if (!knee.determined()) {
      return "Knee: not determined. No step was steady with enough successful requests to serve as"
          + " the low-load baseline (a run of overloaded steps has none): start the stairs at a"
          + " rate the server carries without queueing.";
    }
    LoadModeSentences mode = LoadModeSentences.of(report);
    String tail = tail(report, knee, mode);
    if (!knee.found()) {
      StepStats last = report.steps().get(report.steps().size() - 1);
      return "The median gap stayed within its low-load band (median "
          + Fmt.ms(knee.baselineGapP50Millis())
          + ", band up to "
          + Fmt.ms(knee.bandUpperMillis())
          + ") at every step up to "
          + mode.stepLoad(last)
          + ": no queueing knee in the median."
          + tail;
    }
    return lead
        + " at step "
        + knee.step()
        + " ("
        + mode.kneeLoad(knee)
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
  private static String tail(CapacityReport report, Knee knee, LoadModeSentences mode) {
    if (knee.p95Step() == null) {
      return knee.baselineGapP95Millis() == null
          ? ""
          : " The p95 gap stayed within its band (up to "
              + Fmt.ms(knee.p95BandUpperMillis())
              + ").";
    }
    StepStats step = report.step(knee.p95Step());
    String where = "step " + knee.p95Step() + " (" + mode.stepLoad(step) + ")";
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
}
