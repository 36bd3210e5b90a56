package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeaderTiming;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import dev.ttftgap.analysis.QueueLocation;
import dev.ttftgap.analysis.QueuePlace;
import dev.ttftgap.analysis.StepQueueLocation;
import java.util.ArrayList;
import java.util.List;

/**
 * The sentences that say where the queue is: before the headers (TTFB grows: connection, gateway or
 * worker pool) or after them (the gap grows: the server's scheduler queue and prefill), step by
 * step ({@link QueueSegments}), and what fixes the queue; the knee on TTFT is {@link
 * TtftKneeSentences}'. They read {@link QueueLocation}; a report without one gets the low-load
 * verdict alone.
 */
final class QueueLocationSentences {
  static final String BEFORE_CAUSE = "connection, gateway or worker pool";
  static final String AFTER_CAUSE = "the server's scheduler queue and prefill";

  private QueueLocationSentences() {}

  /**
   * How to read the gap, per load level: at low load the header timing, then from which step the
   * queue is before the headers, after them, or both, with the TTFB and gap medians that show it.
   * "The gap holds the queueing" is said only for the steps where it does.
   */
  static String headers(CapacityReport report) {
    String text = headersByPlace(report);
    QueueLocation location = report.queueLocation();
    if (location == null || report.headerTiming() == null) {
      return text;
    }
    // a step whose own timings read otherwise than the low-load step's (a queue holding the
    // headers is said above)
    HeaderTiming low = report.headerTiming().timing();
    List<StepQueueLocation> other =
        location.steps().stream()
            .filter(s -> s.headerTiming() != null && s.headerTiming() != low)
            .filter(s -> s.headerTiming() != HeaderTiming.HELD_BY_QUEUE)
            .filter(s -> s.headerTiming() != HeaderTiming.UNKNOWN)
            .toList();
    if (other.isEmpty()) {
      return text;
    }
    return text
        + " At "
        + stepRanges(other.stream().map(StepQueueLocation::step).toList())
        + " the timings read as "
        + describe(other.get(0).headerTiming())
        + " instead: the header timing above holds for the other steps.";
  }

  private static String describe(HeaderTiming timing) {
    return switch (timing) {
      case AT_ACCEPT -> "headers at acceptance";
      case WITH_FIRST_TOKEN -> "headers sent with the first token";
      case BUFFERED -> "a stream arriving in one piece";
      case HELD_BY_QUEUE -> "headers held by a queue";
      case UNKNOWN -> "unknown";
    };
  }

  private static String headersByPlace(CapacityReport report) {
    HeaderTimingVerdict low = report.headerTiming();
    QueueLocation location = report.queueLocation();
    String lowLoad = VerdictSentences.headerTiming(low);
    if (location == null || !location.determined()) {
      return lowLoad;
    }
    List<QueueSegments.Segment> segments = QueueSegments.segments(location);
    if (low.timing() == HeaderTiming.WITH_FIRST_TOKEN) {
      return segments.isEmpty()
          ? lowLoad
          : lowLoad
              + " From step "
              + segments.get(0).first()
              + " TTFT grows, and TTFB carries it ("
              + QueueSegments.chain(
                  report, location, segments.get(0).first(), s -> s.latencies().ttfb(), "TTFB")
              + "): with the headers held for the first token, the split cannot tell a worker"
              + " pool or gateway from the scheduler's queue.";
    }
    if (low.timing() != HeaderTiming.AT_ACCEPT) {
      return lowLoad;
    }
    StringBuilder text =
        new StringBuilder("Headers arrive when the request is accepted (median TTFB ")
            .append(Fmt.ms(location.baselineTtfbP50Millis()))
            .append(", median gap ")
            .append(Fmt.ms(location.baselineGapP50Millis()))
            .append(" at step ")
            .append(location.baselineStep())
            .append(")");
    List<Integer> gapHolds =
        location.steps().stream()
            .filter(s -> s.place() == QueuePlace.NONE || s.place() == QueuePlace.AFTER_HEADERS)
            .map(StepQueueLocation::step)
            .toList();
    // steps without a place (no successful request) neither confirm nor refute it
    boolean everywhere =
        location.steps().stream().noneMatch(StepQueueLocation::queuesBeforeHeaders);
    if (segments.isEmpty()) {
      return text.append(", so the gap TTFT − TTFB holds the server's queueing and prefill, and")
          .append(" TTFT stayed within its low-load band (up to ")
          .append(Fmt.ms(location.ttftBandUpperMillis()))
          .append(") at every step: nothing queued, before or after the headers.")
          .toString();
    }
    if (everywhere) {
      text.append(", so the gap TTFT − TTFB holds the server's queueing and prefill");
    } else {
      text.append(", but the gap TTFT − TTFB holds the server's queueing and prefill only at ")
          .append(stepRanges(gapHolds));
    }
    text.append(": ");
    List<String> phrases = new ArrayList<>();
    for (int i = 0; i < segments.size(); i++) {
      phrases.add(
          QueueSegments.phrase(report, location, segments.get(i), i == segments.size() - 1));
    }
    return text.append(String.join("; ", phrases)).append('.').toString();
  }

  /**
   * What fixes the queue that limits the rate, by its place, for the SLO and replica sentences;
   * empty when nothing queued or the place is undetermined, or when the headers come with the first
   * token (TTFB then holds the queue wherever it is).
   */
  static String fix(CapacityReport report, boolean forReplicas) {
    QueueLocation location = report.queueLocation();
    if (location == null
        || location.place() == null
        || location.place() == QueuePlace.NONE
        || report.headerTiming().timing() != HeaderTiming.AT_ACCEPT) {
      return "";
    }
    return switch (location.place()) {
      case AFTER_HEADERS ->
          forReplicas
              ? " The queue is after the headers (" + AFTER_CAUSE + "): replicas are the fix."
              : " The queue that sets it is after the headers ("
                  + AFTER_CAUSE
                  + "): more replicas, or a faster model, raise it.";
      case BEFORE_HEADERS ->
          forReplicas
              ? " The queue is before the headers ("
                  + BEFORE_CAUSE
                  + "): a larger worker pool or gateway connection limit may carry the peak on"
                  + " fewer replicas (replicas also help)."
              : " The queue that sets it is before the headers ("
                  + BEFORE_CAUSE
                  + "): a larger worker pool or gateway connection limit raises it (replicas also"
                  + " help).";
      case BOTH ->
          forReplicas
              ? " The queue is both before and after the headers: widen the worker pool or gateway"
                  + " connection limit as well as adding replicas."
              : " The queue is both before and after the headers: a larger worker pool or gateway"
                  + " connection limit and more replicas raise it.";
      case NONE -> "";
    };
  }

  /** "step 1", "steps 1–6", "steps 1–3, 5": consecutive steps as ranges. */
  static String stepRanges(List<Integer> steps) {
    List<String> ranges = new ArrayList<>();
    int i = 0;
    while (i < steps.size()) {
      int j = i;
      while (j + 1 < steps.size() && steps.get(j + 1) == steps.get(j) + 1) {
        j++;
      }
      ranges.add(
          i == j
              ? String.valueOf(steps.get(i))
              : steps.get(i) + (j == i + 1 ? ", " : "–") + steps.get(j));
      i = j + 1;
    }
    return (steps.size() > 1 ? "steps " : "step ") + String.join(", ", ranges);
  }

  /**
   * The short place of {@code step} for a table cell: "none", "before", "after", "both"; "—" when
   * undetermined.
   */
  static String cell(CapacityReport report, int step) {
    QueueLocation location = report.queueLocation();
    StepQueueLocation at = location == null ? null : location.step(step);
    if (at == null || at.place() == null) {
      return Fmt.UNDEFINED;
    }
    return switch (at.place()) {
      case NONE -> "none";
      case BEFORE_HEADERS -> "before";
      case AFTER_HEADERS -> "after";
      case BOTH -> "both";
    };
  }
}
