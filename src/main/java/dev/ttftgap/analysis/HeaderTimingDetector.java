package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tells from the timings when the server sends its headers, so that a gap of zero is not read as
 * "no queueing".
 *
 * <p>Algorithm overview, over the successful requests of the low-load step (the first step with at
 * least {@value LowLoadBaseline#MIN_SAMPLES} of them; all steps when none has), by medians, so that
 * queueing at high load does not blur the picture:
 *
 * <ol>
 *   <li>BUFFERED when the stream after the first token, e2e − TTFT, is at most max({@value
 *       #BUFFERED_FLOOR_MILLIS} ms, {@value #BUFFERED_FRACTION} × e2e) while requests carried more
 *       than one content event: everything arrived at once.
 *   <li>WITH_FIRST_TOKEN when the gap is at most {@value #GAP_FLOOR_MILLIS} ms while TTFT is at
 *       least {@value #TTFT_MIN_MILLIS} ms: the headers waited for the first token.
 *   <li>AT_ACCEPT otherwise; UNKNOWN without a successful request.
 * </ol>
 *
 * <p>Assumptions: a real model takes more than 50 ms to the first token and streams its tokens over
 * more than 10 ms; loopback transfer of one chunk takes under 5 ms.
 */
public final class HeaderTimingDetector {
  static final double BUFFERED_FLOOR_MILLIS = 10;
  static final double BUFFERED_FRACTION = 0.05;
  static final double GAP_FLOOR_MILLIS = 5;
  static final double TTFT_MIN_MILLIS = 50;

  private HeaderTimingDetector() {}

  static HeaderTimingVerdict detect(List<RequestRecord> records) {
    Map<Integer, List<RequestRecord>> okByStep = new TreeMap<>();
    for (RequestRecord record : records) {
      if (record.ok() && !record.warmup() && record.step() >= 1) {
        okByStep.computeIfAbsent(record.step(), s -> new ArrayList<>()).add(record);
      }
    }
    List<RequestRecord> lowLoad =
        okByStep.values().stream()
            .filter(step -> step.size() >= LowLoadBaseline.MIN_SAMPLES)
            .findFirst()
            .orElse(records);
    return detectOver(lowLoad);
  }

  private static HeaderTimingVerdict detectOver(List<RequestRecord> records) {
    List<Double> ttfb = new ArrayList<>();
    List<Double> ttft = new ArrayList<>();
    List<Double> gap = new ArrayList<>();
    List<Double> e2e = new ArrayList<>();
    List<Double> afterFirst = new ArrayList<>();
    List<Double> events = new ArrayList<>();
    for (RequestRecord record : records) {
      if (!record.ok() || record.warmup()) {
        continue;
      }
      add(ttfb, record.ttfbMillis());
      add(ttft, record.ttftMillis());
      Double gapMillis = StepSamples.gapMillis(record);
      if (gapMillis != null) {
        gap.add(gapMillis);
      }
      add(e2e, record.e2eMillis());
      if (record.e2eMillis() != null && record.ttftMillis() != null) {
        afterFirst.add((double) (record.e2eMillis() - record.ttftMillis()));
      }
      if (record.contentEvents() != null) {
        events.add(record.contentEvents().doubleValue());
      } else if (record.itlMillis() != null) {
        events.add(record.itlMillis().size() + 1.0);
      }
    }
    Double ttfbP50 = Median.of(ttfb);
    Double ttftP50 = Median.of(ttft);
    Double gapP50 = Median.of(gap);
    Double e2eP50 = Median.of(e2e);
    Double afterP50 = Median.of(afterFirst);
    Double eventsP50 = Median.of(events);
    HeaderTiming timing;
    if (ttftP50 == null) {
      timing = HeaderTiming.UNKNOWN;
    } else if (afterP50 != null
        && e2eP50 != null
        && (eventsP50 == null || eventsP50 > 1)
        && afterP50 <= Math.max(BUFFERED_FLOOR_MILLIS, BUFFERED_FRACTION * e2eP50)) {
      timing = HeaderTiming.BUFFERED;
    } else if (gapP50 != null && gapP50 <= GAP_FLOOR_MILLIS && ttftP50 >= TTFT_MIN_MILLIS) {
      timing = HeaderTiming.WITH_FIRST_TOKEN;
    } else {
      timing = HeaderTiming.AT_ACCEPT;
    }
    return new HeaderTimingVerdict(timing, ttfbP50, ttftP50, gapP50, e2eP50, afterP50);
  }

  private static void add(List<Double> values, Long millis) {
    if (millis != null) {
      values.add(millis.doubleValue());
    }
  }
}
