package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeaderTiming;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.QueueLocation;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.TtftKnee;
import java.util.Optional;

/**
 * The sentence on the knee on TTFT (what users feel): where the median TTFT leaves its low-load
 * band, on which side of the headers the rise is, and whether the p95 left it earlier (bursts).
 */
final class TtftKneeSentences {
  private TtftKneeSentences() {}

  /**
   * The knee on TTFT and where its growth is, ahead of the gap's knee; empty when the report has no
   * location or no low-load baseline (the gap's sentence then says "not determined").
   */
  static Optional<String> ttftKnee(CapacityReport report) {
    QueueLocation location = report.queueLocation();
    if (location == null || !location.ttftKnee().determined()) {
      return Optional.empty();
    }
    TtftKnee knee = location.ttftKnee();
    boolean closed = report.loadModel() == LoadModel.CLOSED;
    String band =
        " (median "
            + Fmt.ms(knee.baselineTtftP50Millis())
            + " at step "
            + knee.baselineStep()
            + ", band up to "
            + Fmt.ms(knee.bandUpperMillis())
            + ")";
    if (!knee.found()) {
      StepStats last = report.steps().get(report.steps().size() - 1);
      return Optional.of(
          "The median TTFT stayed within its low-load band"
              + band
              + " at every step up to "
              + (closed ? VerdictSentences.streams(last.concurrency()) : Fmt.rate(last.rate()))
              + ": no knee in what users feel."
              + ttftTail(report, knee));
    }
    String load =
        closed
            ? VerdictSentences.streams(knee.concurrency())
            : Fmt.rate(knee.rate())
                + (knee.rateLow() == null
                    ? ""
                    : ", between " + Fmt.num(knee.rateLow()) + " and " + Fmt.num(knee.rate()));
    return Optional.of(
        "Knee at step "
            + knee.step()
            + " ("
            + load
            + "): the median TTFT leaves its low-load band"
            + band
            + " there and stays out"
            + attribution(report, knee)
            + "."
            + ttftTail(report, knee));
  }

  private static String attribution(CapacityReport report, TtftKnee knee) {
    if (knee.place() == null) {
      return "";
    }
    String share = Fmt.pct(knee.beforeHeadersSharePercent());
    String afterShare =
        knee.beforeHeadersSharePercent() == null
            ? Fmt.UNDEFINED
            : Fmt.pct(100 - knee.beforeHeadersSharePercent());
    if (report.headerTiming().timing() == HeaderTiming.WITH_FIRST_TOKEN) {
      return ", in TTFB, where a server that sends its headers with the first token puts its whole"
          + " queue";
    }
    return switch (knee.place()) {
      case BEFORE_HEADERS ->
          ", and the rise is before the headers (TTFB carries "
              + share
              + " of it): requests wait for a connection, a gateway or a worker pool before the"
              + " server answers";
      case AFTER_HEADERS ->
          ", and the rise is after the headers (the gap carries "
              + afterShare
              + " of it): requests wait in "
              + QueueLocationSentences.AFTER_CAUSE;
      case BOTH ->
          ", and the rise is split across the headers ("
              + share
              + " in TTFB, "
              + afterShare
              + " in the gap): a worker pool or gateway and the scheduler both queue";
      case NONE -> "";
    };
  }

  /** What the p95 TTFT did, when it left its band before the median (bursts). */
  private static String ttftTail(CapacityReport report, TtftKnee knee) {
    if (knee.p95Step() == null || !"p95".equals(knee.firstMoved())) {
      return "";
    }
    StepStats step = report.step(knee.p95Step());
    return " The p95 TTFT left its band (low-load p95 "
        + Fmt.ms(knee.baselineTtftP95Millis())
        + ", up to "
        + Fmt.ms(knee.p95BandUpperMillis())
        + ") earlier, at step "
        + knee.p95Step()
        + " ("
        + (report.loadModel() == LoadModel.CLOSED
            ? VerdictSentences.streams(step.concurrency())
            : Fmt.rate(step.rate()))
        + "): bursts already queue there.";
  }
}
