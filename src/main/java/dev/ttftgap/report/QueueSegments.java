package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.QueueLocation;
import dev.ttftgap.analysis.QueuePlace;
import dev.ttftgap.analysis.StepQueueLocation;
import dev.ttftgap.analysis.StepStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The runs of consecutive steps that queue in one place, and their phrases for {@link
 * QueueLocationSentences}: "from step 4 the queue is after the headers (gap p50 40 ms → 1.2 s; TTFB
 * p50 3.6 ms → 3.4 ms): …".
 */
final class QueueSegments {
  /** Chains longer than this many values are cut in the middle: "a → b → … → z". */
  private static final int CHAIN_MAX = 6;

  private QueueSegments() {}

  /** Consecutive steps (in step order) of one place other than none. */
  record Segment(QueuePlace place, int first, int last) {}

  static List<Segment> segments(QueueLocation location) {
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

  static String phrase(
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
              + QueueLocationSentences.BEFORE_CAUSE;
      case AFTER_HEADERS ->
          where
              + " the queue is after the headers ("
              + gap
              + "; "
              + ttfb
              + "): "
              + QueueLocationSentences.AFTER_CAUSE;
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

  static String chain(
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
