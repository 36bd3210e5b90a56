package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeaderTiming;
import dev.ttftgap.analysis.HeaderTimingVerdict;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.QueueLocation;
import dev.ttftgap.analysis.QueuePlace;
import dev.ttftgap.analysis.StepQueueLocation;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.TtftKnee;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The sentences that say where the queue is: before the headers (TTFB grows: connection, gateway or
 * worker pool) or after them (the gap grows: the server's scheduler queue and prefill), step by
 * step, and the knee on TTFT with its attribution. They read {@link QueueLocation}; a report
 * without one gets the low-load verdict alone.
 */
final class QueueLocationSentences {
  static final String BEFORE_CAUSE = "connection, gateway or worker pool";
  static final String AFTER_CAUSE = "the server's scheduler queue and prefill";

  /** Chains longer than this many values are cut in the middle: "a → b → … → z". */
  private static final int CHAIN_MAX = 6;

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
    List<Segment> segments = segments(location);
    if (low.timing() == HeaderTiming.WITH_FIRST_TOKEN) {
      return segments.isEmpty()
          ? lowLoad
          : lowLoad
              + " From step "
              + segments.get(0).first
              + " TTFT grows, and TTFB carries it ("
              + chain(report, location, segments.get(0).first, s -> s.latencies().ttfb(), "TTFB")
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
      phrases.add(phrase(report, location, segments.get(i), i == segments.size() - 1));
    }
    return text.append(String.join("; ", phrases)).append('.').toString();
  }

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
              + AFTER_CAUSE;
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

  /** Consecutive steps (in step order) of one place other than none. */
  private record Segment(QueuePlace place, int first, int last) {}

  private static List<Segment> segments(QueueLocation location) {
    List<Segment> segments = new ArrayList<>();
    QueuePlace current = null;
    int first = 0;
    int last = 0;
    for (StepQueueLocation step : location.steps()) {
      QueuePlace place = step.place();
      if (place != current) {
        if (current != null && current != QueuePlace.NONE) {
          segments.add(new Segment(current, first, last));
        }
        current = place;
        first = step.step();
      }
      last = step.step();
    }
    if (current != null && current != QueuePlace.NONE) {
      segments.add(new Segment(current, first, last));
    }
    return segments;
  }

  private static String phrase(
      CapacityReport report, QueueLocation location, Segment segment, boolean lastSegment) {
    String where =
        lastSegment && segment.last == lastStep(location)
            ? "from step " + segment.first
            : segment.first == segment.last
                ? "at step " + segment.first
                : "at steps " + segment.first + "–" + segment.last;
    String ttfb = chain(report, location, segment, s -> s.latencies().ttfb(), "TTFB");
    String gap = chain(report, location, segment, s -> s.latencies().gap(), "gap");
    return switch (segment.place) {
      case BEFORE_HEADERS ->
          where
              + " the queue is before the headers, which it holds back ("
              + ttfb
              + "; "
              + gap
              + "): "
              + BEFORE_CAUSE;
      case AFTER_HEADERS ->
          where + " the queue is after the headers (" + gap + "; " + ttfb + "): " + AFTER_CAUSE;
      case BOTH ->
          where
              + " the queue is both before and after the headers ("
              + ttfb
              + "; "
              + gap
              + "): a worker pool or gateway and the scheduler both queue";
      case NONE -> "";
    };
  }

  private static int lastStep(QueueLocation location) {
    return location.steps().get(location.steps().size() - 1).step();
  }

  private static String chain(
      CapacityReport report,
      QueueLocation location,
      int from,
      Function<StepStats, dev.ttftgap.analysis.LatencySummary> metric,
      String name) {
    return chain(report, location, new Segment(null, from, lastStep(location)), metric, name);
  }

  /** "TTFB p50 3.6 ms → 3.4 s → 28.6 s": the low-load step, then each step of the segment. */
  private static String chain(
      CapacityReport report,
      QueueLocation location,
      Segment segment,
      Function<StepStats, dev.ttftgap.analysis.LatencySummary> metric,
      String name) {
    List<String> values = new ArrayList<>();
    values.add(value(report.step(location.baselineStep()), metric));
    for (StepQueueLocation step : location.steps()) {
      if (step.step() >= segment.first && step.step() <= segment.last) {
        values.add(value(report.step(step.step()), metric));
      }
    }
    if (values.size() > CHAIN_MAX) {
      List<String> cut = new ArrayList<>(values.subList(0, CHAIN_MAX - 2));
      cut.add("…");
      cut.add(values.get(values.size() - 1));
      values = cut;
    }
    return name + " p50 " + String.join(" → ", values);
  }

  private static String value(
      StepStats step, Function<StepStats, dev.ttftgap.analysis.LatencySummary> metric) {
    return step == null || metric.apply(step) == null
        ? Fmt.UNDEFINED
        : Fmt.ms(metric.apply(step).p50Millis());
  }
}
