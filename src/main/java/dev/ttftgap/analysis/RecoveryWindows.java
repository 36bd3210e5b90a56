package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.servermetrics.MetricSample;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.Scrape;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Cuts a launch-spike run into short windows for {@link RecoveryAnalysis}, by request start.
 *
 * <p>Algorithm overview: windows of {@code windowSeconds} are aligned on the burst's start (one
 * starts exactly there, so the burst's windows hold burst arrivals only) and run from the window
 * holding the base-before step's first start to the one holding the run's last start; the first
 * window may begin before the step does. Per window: the requests that started in it (any outcome),
 * the p50 and p95 TTFT of its successful ones ({@link Percentiles}, µs precision where recorded),
 * the most requests in flight at once ({@link InFlightSweep}, every record of the run, warm-up
 * included, counts as work in flight) and the highest server waiting gauge ({@link
 * ServerMetric#WAITING}, the dialect's name for it: {@code vllm:num_requests_waiting}, {@code
 * sglang:num_queue_reqs}, {@code tgi_queue_size}, {@code llamacpp:requests_deferred}) of the
 * successful scrapes taken in it. A window no scrape answered in has no waiting figure (null, not
 * 0). Every window comes out with {@code inBand} false; {@link RecoveryBand} judges them.
 *
 * <p>Assumptions: the scrapes and the records share one clock (the load generator's), as {@link
 * ServerMetricsAnalysis} assumes.
 */
final class RecoveryWindows {
  private RecoveryWindows() {}

  /**
   * @param timeline the run's steps
   * @param windowSeconds length of a window, s (at least 1)
   * @param all every record of the run (for the requests in flight)
   * @param scrapes the server's scrapes; empty for none
   */
  static List<RecoveryWindow> of(
      BurstTimeline timeline, int windowSeconds, List<RequestRecord> all, List<Scrape> scrapes) {
    long length = Math.max(1, windowSeconds) * 1000L;
    long before = timeline.burstStartMillis() - timeline.beforeStartMillis();
    long first = timeline.burstStartMillis() - ceilDiv(before, length) * length;
    InFlightSweep sweep = new InFlightSweep(all);
    WaitingGauge waiting = WaitingGauge.of(scrapes, all);
    List<RecoveryWindow> windows = new ArrayList<>();
    for (long from = first; from <= timeline.lastStartMillis(); from += length) {
      long to = from + length;
      List<RequestRecord> started = startedIn(timeline.records(), from, to);
      List<Double> ttfts =
          started.stream()
              .filter(RequestRecord::ok)
              .map(r -> StepSamples.precise(r.micros().ttftMicros(), r.timings().ttftMillis()))
              .filter(Objects::nonNull)
              .toList();
      windows.add(
          new RecoveryWindow(
              timeline.secondsFromBurst(from),
              started.size(),
              Percentiles.of(ttfts, 50).orElse(null),
              Percentiles.of(ttfts, 95).orElse(null),
              sweep.maxIn(from, to),
              waiting.maxIn(from, to),
              false));
    }
    return windows;
  }

  private static List<RequestRecord> startedIn(List<RequestRecord> records, long from, long to) {
    return records.stream()
        .filter(r -> r.timings().startEpochMillis() >= from && r.timings().startEpochMillis() < to)
        .toList();
  }

  private static long ceilDiv(long x, long y) {
    return -Math.floorDiv(-x, y);
  }

  /**
   * The server's waiting gauge per successful scrape taken during the run (readings after the run
   * left out), summed over the series of the records' model like {@link ServerMetricsAnalysis}.
   */
  private record WaitingGauge(MetricsDialect dialect, String model, List<Scrape> scrapes) {
    static WaitingGauge of(List<Scrape> scrapes, List<RequestRecord> records) {
      List<Scrape> during =
          scrapes == null
              ? List.of()
              : scrapes.stream().filter(Scrape::ok).filter(s -> !s.afterRun()).toList();
      List<MetricSample> samples = during.stream().flatMap(s -> s.samples().stream()).toList();
      Optional<MetricsDialect> dialect = MetricsDialect.recognise(samples);
      String model =
          records.stream()
              .map(r -> r.input().model())
              .filter(Objects::nonNull)
              .findFirst()
              .orElse(null);
      return new WaitingGauge(dialect.orElse(null), model, during);
    }

    /** Highest reading in [from, to); null when no scrape in it carried the gauge. */
    Double maxIn(long fromMillis, long toMillis) {
      if (dialect == null) {
        return null;
      }
      return scrapes.stream()
          .filter(s -> s.epochMillis() >= fromMillis && s.epochMillis() < toMillis)
          .map(s -> MetricReadings.gaugeValue(dialect, ServerMetric.WAITING, model, s))
          .filter(Objects::nonNull)
          .max(Double::compare)
          .orElse(null);
    }
  }
}
