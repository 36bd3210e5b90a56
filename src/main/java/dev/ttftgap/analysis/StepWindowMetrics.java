package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.servermetrics.HistogramDelta;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.Scrape;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.List;
import java.util.Objects;

/**
 * The server's figures for one step's window, for {@link ServerMetricsAnalysis}: coverage, gauges
 * (mean and max), the queue, prefill and TTFT histogram deltas and the gap decomposition; a dark
 * step when coverage is below the threshold.
 */
final class StepWindowMetrics {
  private StepWindowMetrics() {}

  /**
   * The step's server figures over its window widened by half an interval each side; 70 lines
   * because the result lists {@link ServerStepMetrics}' 21 components one per line.
   */
  static ServerStepMetrics stepMetrics(
      MetricsDialect vendor,
      String model,
      List<Scrape> attempts,
      StepStats step,
      long[] window,
      List<RequestRecord> records) {
    long from = window[0] - ServerMetricsAnalysis.INTERVAL_MILLIS / 2;
    long to = window[1] + ServerMetricsAnalysis.INTERVAL_MILLIS / 2;
    List<Scrape> attemptsInside =
        attempts.stream().filter(s -> s.epochMillis() >= from && s.epochMillis() <= to).toList();
    List<Scrape> inside = attemptsInside.stream().filter(Scrape::ok).toList();
    int timedOut = (int) attemptsInside.stream().filter(Scrape::timedOut).count();
    int failed = (int) attemptsInside.stream().filter(s -> !s.ok() && !s.timedOut()).count();
    int expected =
        (int) Math.round((window[1] - window[0]) / (double) ServerMetricsAnalysis.INTERVAL_MILLIS)
            + 1;
    double coverage = Math.min(100.0, 100.0 * inside.size() / expected);
    if (coverage < ServerMetricsAnalysis.COVERAGE_THRESHOLD_PERCENT) {
      return ServerStepMetrics.dark(
          step.step(),
          inside.size(),
          GapDecomposer.decomposition(step, null, null, null, records),
          failed,
          timedOut,
          expected,
          coverage);
    }
    List<Scrape> scrapes = attempts.stream().filter(Scrape::ok).toList();
    List<Double> waiting = gauge(vendor, ServerMetric.WAITING, model, inside);
    List<Double> running = gauge(vendor, ServerMetric.RUNNING, model, inside);
    List<Double> kv = gauge(vendor, ServerMetric.KV_CACHE_USAGE, model, inside);
    List<Double> preempted = gauge(vendor, ServerMetric.PREEMPTIONS, model, inside);
    long firstTokenShift = shift(step.latencies().ttft());
    long finishShift = shift(step.latencies().e2e());
    HistogramDelta queue =
        MetricReadings.delta(
            vendor, ServerMetric.QUEUE_TIME, model, attempts, scrapes, window, finishShift);
    HistogramDelta prefill =
        MetricReadings.delta(
            vendor, ServerMetric.PREFILL_TIME, model, attempts, scrapes, window, finishShift);
    HistogramDelta ttft =
        MetricReadings.delta(
            vendor, ServerMetric.TTFT, model, attempts, scrapes, window, firstTokenShift);
    Double queueMean = queue == null ? null : queue.meanMillis();
    Double ttftMean = ttft == null ? null : ttft.meanMillis();
    Double prefillMean = prefill == null ? null : prefill.meanMillis();
    return new ServerStepMetrics(
        step.step(),
        inside.size(),
        mean(waiting),
        max(waiting),
        mean(running),
        max(running),
        kv.isEmpty() ? null : 100 * mean(kv),
        queueMean,
        queue == null ? null : queue.quantileMillis(0.5),
        queue == null ? null : queue.quantileMillis(0.95),
        ttftMean,
        ttft == null ? null : ttft.quantileMillis(0.5),
        ttft == null ? null : ttft.quantileMillis(0.95),
        prefillMean,
        GapDecomposer.decomposition(step, queueMean, prefillMean, ttftMean, records),
        preempted.size() < 2
            ? null
            : Math.max(0, preempted.get(preempted.size() - 1) - preempted.get(0)),
        failed,
        timedOut,
        expected,
        coverage,
        false);
  }

  /** The gauge's readings in the scrapes, those that carried it. */
  private static List<Double> gauge(
      MetricsDialect vendor, ServerMetric metric, String model, List<Scrape> inside) {
    return inside.stream()
        .map(s -> MetricReadings.gaugeValue(vendor, metric, model, s))
        .filter(Objects::nonNull)
        .toList();
  }

  /** A step's median in whole ms, 0 when unknown. */
  private static long shift(LatencySummary summary) {
    return summary == null ? 0 : Math.round(summary.p50Millis());
  }

  static Double mean(List<Double> values) {
    return values.isEmpty()
        ? null
        : values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }

  private static Double max(List<Double> values) {
    return values.isEmpty()
        ? null
        : values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
  }
}
