package dev.ttftgap.experiments;

import dev.ttftgap.analysis.Percentiles;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.Fmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * p50 and p95 of TTFB, TTFT and gap over successful records, milliseconds. The gap is the record's
 * {@code gapMillis}, or {@code ttftMillis − ttfbMillis} when only those two are set. A metric no
 * record defines is an empty Optional, never 0.
 *
 * @param samples successful records the figures come from
 * @param promptTokensP50 median prompt length, tokens
 */
public record LatencyStats(
    int samples,
    Optional<Double> ttfbP50Millis,
    Optional<Double> ttftP50Millis,
    Optional<Double> gapP50Millis,
    Optional<Double> ttfbP95Millis,
    Optional<Double> ttftP95Millis,
    Optional<Double> gapP95Millis,
    Optional<Double> promptTokensP50) {

  /** Statistics of {@code records}, all of which must be successful. */
  public static LatencyStats of(List<RequestRecord> records) {
    List<Long> ttfb = new ArrayList<>();
    List<Long> ttft = new ArrayList<>();
    List<Long> gap = new ArrayList<>();
    List<Integer> promptTokens = new ArrayList<>();
    for (RequestRecord record : records) {
      if (!record.ok()) {
        throw new IllegalArgumentException("LatencyStats takes successful records only");
      }
      if (record.timings().ttfbMillis() != null) {
        ttfb.add(record.timings().ttfbMillis());
      }
      if (record.timings().ttftMillis() != null) {
        ttft.add(record.timings().ttftMillis());
      }
      if (record.timings().gapMillis() != null) {
        gap.add(record.timings().gapMillis());
      } else if (record.timings().ttftMillis() != null && record.timings().ttfbMillis() != null) {
        gap.add(record.timings().ttftMillis() - record.timings().ttfbMillis());
      }
      if (record.input().promptTokens() != null) {
        promptTokens.add(record.input().promptTokens());
      }
    }
    return new LatencyStats(
        records.size(),
        Percentiles.median(ttfb),
        Percentiles.median(ttft),
        Percentiles.median(gap),
        Percentiles.of(ttfb, 95),
        Percentiles.of(ttft, 95),
        Percentiles.of(gap, 95),
        Percentiles.median(promptTokens));
  }

  /**
   * {@code a}'s median minus {@code b}'s as a table prints it ("+98 ms"); {@link Fmt#UNDEFINED}
   * when either is undefined.
   */
  static String difference(
      LatencyStats a, LatencyStats b, Function<LatencyStats, Optional<Double>> median) {
    return Fmt.signedWholeMs(median.apply(a).orElse(null), median.apply(b).orElse(null));
  }
}
