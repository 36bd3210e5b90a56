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
 * least {@value LowLoadReference#MIN_SAMPLES} of them; all steps when none has), by medians, so
 * that queueing at high load does not blur the picture. Every test compares the request's own
 * intervals with each other; none compares them with a fixed number of milliseconds, so a 10 ms
 * first token is read as surely as a 300 ms one:
 *
 * <ol>
 *   <li>BUFFERED when the stream after the first token, e2e − TTFT, is at most {@value
 *       #BUFFERED_FRACTION} × e2e and its events came in one burst (median interval between content
 *       events below the clock's resolution, i.e. 0 on Gatling's whole-millisecond clock), while
 *       requests carried more than one content event: everything arrived at once.
 *   <li>WITH_FIRST_TOKEN when the gap is at most {@value #GAP_TO_ITL_RATIO} × the median interval
 *       between tokens (the first token arrived with the headers, sooner than one decode step after
 *       them) and at most {@value #GAP_TO_TTFT_RATIO} × TTFT (the wait sits in TTFB). Without an
 *       interval (one content event per request) the second test alone decides.
 *   <li>AT_ACCEPT otherwise; UNKNOWN without a successful request.
 * </ol>
 *
 * <p>Assumptions: the first token of a server that sends its headers at acceptance comes out of a
 * prefill step, which lasts at least about as long as a decode step, so its gap is at least about
 * one inter-token interval; a server that holds its headers writes them with the first token, so
 * its gap is transfer only. A buffering proxy delivers the body in few reads, so most intervals
 * between its events round to 0 ms.
 */
final class HeaderTimingDetector {
  static final double BUFFERED_FRACTION = 0.05;
  static final double GAP_TO_ITL_RATIO = 0.5;
  static final double GAP_TO_TTFT_RATIO = 0.25;

  private HeaderTimingDetector() {}

  static HeaderTimingVerdict detect(List<RequestRecord> records) {
    Map<Integer, List<RequestRecord>> okByStep = new TreeMap<>();
    for (RequestRecord record : records) {
      if (record.ok() && !record.warmup() && record.level().step() >= 1) {
        okByStep.computeIfAbsent(record.level().step(), s -> new ArrayList<>()).add(record);
      }
    }
    List<RequestRecord> lowLoad =
        okByStep.values().stream()
            .filter(step -> step.size() >= LowLoadReference.MIN_SAMPLES)
            .findFirst()
            .orElse(records);
    return detectOver(lowLoad);
  }

  /**
   * The verdict of each step on its own successful requests (steps without one are left out), in
   * step order: under load a server's headers can come later than at low load.
   */
  static Map<Integer, HeaderTimingVerdict> detectByStep(List<RequestRecord> records) {
    Map<Integer, List<RequestRecord>> okByStep = new TreeMap<>();
    for (RequestRecord record : records) {
      if (record.ok() && !record.warmup() && record.level().step() >= 1) {
        okByStep.computeIfAbsent(record.level().step(), s -> new ArrayList<>()).add(record);
      }
    }
    Map<Integer, HeaderTimingVerdict> verdicts = new TreeMap<>();
    okByStep.forEach((step, stepRecords) -> verdicts.put(step, detectOver(stepRecords)));
    return verdicts;
  }

  private static HeaderTimingVerdict detectOver(List<RequestRecord> records) {
    List<Double> ttfb = new ArrayList<>();
    List<Double> ttft = new ArrayList<>();
    List<Double> gap = new ArrayList<>();
    List<Double> e2e = new ArrayList<>();
    List<Double> afterFirst = new ArrayList<>();
    List<Double> events = new ArrayList<>();
    WholeMillisCounts itl = new WholeMillisCounts();
    for (RequestRecord record : records) {
      if (!record.ok() || record.warmup()) {
        continue;
      }
      add(ttfb, record.timings().ttfbMillis());
      add(ttft, record.timings().ttftMillis());
      Double gapMillis = StepSamples.gapMillis(record);
      if (gapMillis != null) {
        gap.add(gapMillis);
      }
      add(e2e, record.timings().e2eMillis());
      if (record.timings().e2eMillis() != null && record.timings().ttftMillis() != null) {
        afterFirst.add((double) (record.timings().e2eMillis() - record.timings().ttftMillis()));
      }
      if (record.output().contentEvents() != null) {
        events.add(record.output().contentEvents().doubleValue());
      } else if (record.timings().itlMillis() != null) {
        events.add(record.timings().itlMillis().size() + 1.0);
      }
      if (record.timings().itlMillis() != null) {
        for (Long interval : record.timings().itlMillis()) {
          if (interval != null) {
            itl.add(interval);
          }
        }
      }
    }
    Double ttfbP50 = Percentiles.median(ttfb).orElse(null);
    Double ttftP50 = Percentiles.median(ttft).orElse(null);
    Double gapP50 = Percentiles.median(gap).orElse(null);
    Double e2eP50 = Percentiles.median(e2e).orElse(null);
    Double afterP50 = Percentiles.median(afterFirst).orElse(null);
    Double eventsP50 = Percentiles.median(events).orElse(null);
    Double itlP50 = itl.median().orElse(null);
    HeaderTiming timing;
    if (ttftP50 == null) {
      timing = HeaderTiming.UNKNOWN;
    } else if (buffered(afterP50, e2eP50, eventsP50, itlP50)) {
      timing = HeaderTiming.BUFFERED;
    } else if (gapP50 != null
        && gapP50 <= GAP_TO_TTFT_RATIO * ttftP50
        && (itlP50 == null || gapP50 <= GAP_TO_ITL_RATIO * itlP50)) {
      timing = HeaderTiming.WITH_FIRST_TOKEN;
    } else {
      timing = HeaderTiming.AT_ACCEPT;
    }
    return new HeaderTimingVerdict(timing, ttfbP50, ttftP50, gapP50, e2eP50, afterP50);
  }

  private static boolean buffered(Double afterP50, Double e2eP50, Double eventsP50, Double itlP50) {
    if (afterP50 == null || e2eP50 == null || (eventsP50 != null && eventsP50 <= 1)) {
      return false;
    }
    boolean burst = itlP50 == null || itlP50 < 1;
    return burst && afterP50 <= BUFFERED_FRACTION * e2eP50;
  }

  private static void add(List<Double> values, Long millis) {
    if (millis != null) {
      values.add(millis.doubleValue());
    }
  }
}
