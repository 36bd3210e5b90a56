package dev.ttftgap.analysis;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The raw material of one step: its records and the histograms built from them. */
final class StepSamples {
  /** Server timing keys that mean "time spent waiting in the server's queue", ms. */
  static final List<String> SERVER_QUEUE_KEYS = List.of("queue_time_ms", "queue_ms");

  final int step;
  final List<RequestRecord> records;
  final LatencyHistogram ttfb = new LatencyHistogram();
  final LatencyHistogram ttft = new LatencyHistogram();
  final LatencyHistogram gap = new LatencyHistogram();
  final LatencyHistogram itl = new LatencyHistogram();
  final LatencyHistogram tpot = new LatencyHistogram();
  final LatencyHistogram e2e = new LatencyHistogram();
  final LatencyHistogram serverQueue = new LatencyHistogram();
  // first output by kind: visible answer (content), reasoning, tool call
  final LatencyHistogram ttfvt = new LatencyHistogram();
  final LatencyHistogram ttfr = new LatencyHistogram();
  final LatencyHistogram ttftc = new LatencyHistogram();
  int toolCallRequests;
  int reasoningRequests;

  /** Time a request held the server after its headers: e2e − TTFB. */
  final LatencyHistogram service = new LatencyHistogram();

  final Map<String, Integer> failuresByReason = new TreeMap<>();
  // e2e − TTFT (the stream after the first token), whole ms: long sums stay exact
  long streamCount;
  long streamSumMillis;
  long streamSumSquaresMillis2;
  final double[] gapsMillis;
  final double[] ttftsMillis;
  // gaps between consecutive starts of the step (all runs merged: what the server sees), ms
  long interArrivalCount;
  long interArrivalSumMillis;
  long interArrivalSumSquaresMillis2;
  int ok;
  int failed;
  // requests the tool cut itself (interrupted, stopped by the breaker): not the server's errors
  int cutByClient;
  // stream events that were not valid chunks, over every request of the step, ok or not
  int malformedChunks;
  // successful requests whose record says how many stalls they had, and of which stalled
  int withStallCount;
  int stalled;
  Long longestStallMillis;

  StepSamples(int step, List<RequestRecord> records) {
    this.step = step;
    this.records = List.copyOf(records);
    List<Double> gaps = new ArrayList<>();
    List<Double> ttfts = new ArrayList<>();
    for (RequestRecord record : records) {
      if (record.health().malformedChunks() != null) {
        malformedChunks += record.health().malformedChunks();
      }
      if (!record.ok() && FailureReason.causedByClient(record.result().reason())) {
        cutByClient++;
        continue;
      }
      if (!record.ok()) {
        failed++;
        failuresByReason.merge(
            record.result().reason() == null ? "unknown" : record.result().reason().code(),
            1,
            Integer::sum);
        continue;
      }
      ok++;
      recordIfDefined(ttfb, precise(record.micros().ttfbMicros(), record.timings().ttfbMillis()));
      Double ttftMillis = precise(record.micros().ttftMicros(), record.timings().ttftMillis());
      recordIfDefined(ttft, ttftMillis);
      if (ttftMillis != null && ttftMillis >= 0) {
        ttfts.add(ttftMillis);
      }
      Double gapMillis = gapMillis(record);
      if (gapMillis != null && gapMillis >= 0) {
        gap.recordMillis(gapMillis);
        gaps.add(gapMillis);
      }
      if (record.timings().itlMillis() != null) {
        for (Long interval : record.timings().itlMillis()) {
          recordIfDefined(itl, interval);
        }
      }
      if (record.timings().tpotMillis() != null) {
        tpot.recordMillis(record.timings().tpotMillis());
      }
      countStalls(record);
      countFirstTokens(record);
      recordIfDefined(e2e, record.timings().e2eMillis());
      if (record.timings().e2eMillis() != null && record.timings().ttftMillis() != null) {
        long stream = record.timings().e2eMillis() - record.timings().ttftMillis();
        streamCount++;
        streamSumMillis += stream;
        streamSumSquaresMillis2 += stream * stream;
      }
      if (record.timings().e2eMillis() != null && record.timings().ttfbMillis() != null) {
        service.recordMillis(record.timings().e2eMillis() - record.timings().ttfbMillis());
      }
      Double queueMillis = serverQueueMillis(record);
      if (queueMillis != null) {
        serverQueue.recordMillis(queueMillis);
      }
    }
    gapsMillis = gaps.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    ttftsMillis = ttfts.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    long[] starts =
        records.stream().mapToLong(r -> r.timings().startEpochMillis()).sorted().toArray();
    for (int i = 1; i < starts.length; i++) {
      long interArrival = starts[i] - starts[i - 1];
      interArrivalCount++;
      interArrivalSumMillis += interArrival;
      interArrivalSumSquaresMillis2 += interArrival * interArrival;
    }
  }

  static Double gapMillis(RequestRecord record) {
    if (record.micros().gapMicros() != null) {
      return record.micros().gapMicros() / 1000.0;
    }
    if (record.timings().gapMillis() != null) {
      return record.timings().gapMillis().doubleValue();
    }
    if (record.timings().ttftMillis() != null && record.timings().ttfbMillis() != null) {
      return (double) (record.timings().ttftMillis() - record.timings().ttfbMillis());
    }
    return null;
  }

  static Double serverQueueMillis(RequestRecord record) {
    if (record.serverTimings() == null) {
      return null;
    }
    for (String key : SERVER_QUEUE_KEYS) {
      Double value = record.serverTimings().get(key);
      if (value != null) {
        return value;
      }
    }
    return null;
  }

  /** Median absolute deviation of the gap, ms; NaN when no gap was recorded. */
  double gapMadMillis() {
    return mad(gapsMillis);
  }

  /** Median absolute deviation of TTFT, ms; NaN when no TTFT was recorded. */
  double ttftMadMillis() {
    return mad(ttftsMillis);
  }

  private static double mad(double[] sorted) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double median = median(sorted);
    double[] deviations = Arrays.stream(sorted).map(g -> Math.abs(g - median)).sorted().toArray();
    return median(deviations);
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /**
   * The precise value (µs, from the load generator's own stamps) when the record has it, else
   * Gatling's whole milliseconds; ms, null when neither is defined.
   */
  static Double precise(Long micros, Long millis) {
    if (micros != null) {
      return micros / 1000.0;
    }
    return millis == null ? null : millis.doubleValue();
  }

  private static void recordIfDefined(LatencyHistogram histogram, Double millis) {
    if (millis != null) {
      histogram.recordMillis(millis);
    }
  }

  private static void recordIfDefined(LatencyHistogram histogram, Long millis) {
    if (millis != null) {
      histogram.recordMillis(millis);
    }
  }

  /** The step's first tokens by kind ({@link FirstTokens}); a kind not seen stays undefined. */
  FirstTokens firstTokens() {
    return new FirstTokens(
        ttfvt.summary(), ttfr.summary(), ttftc.summary(), toolCallRequests, reasoningRequests);
  }

  private void countFirstTokens(RequestRecord record) {
    recordIfDefined(ttfvt, record.timings().firstContentMillis());
    recordIfDefined(ttfr, record.timings().firstReasoningMillis());
    recordIfDefined(ttftc, record.timings().firstToolCallMillis());
    Integer toolCalls = record.output().toolCalls();
    if (record.timings().firstToolCallMillis() != null || (toolCalls != null && toolCalls > 0)) {
      toolCallRequests++;
    }
    if (record.timings().firstReasoningMillis() != null) {
      reasoningRequests++;
    }
  }

  private void countStalls(RequestRecord record) {
    if (record.health().stalls() == null) {
      return;
    }
    withStallCount++;
    if (record.health().stalls() > 0) {
      stalled++;
    }
    if (record.health().longestStallMillis() != null
        && (longestStallMillis == null
            || record.health().longestStallMillis() > longestStallMillis)) {
      longestStallMillis = record.health().longestStallMillis();
    }
  }
}
