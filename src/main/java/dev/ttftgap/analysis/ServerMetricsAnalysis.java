package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.servermetrics.AfterRunCheck;
import dev.ttftgap.servermetrics.HistogramDelta;
import dev.ttftgap.servermetrics.MetricSample;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.Scrape;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Cuts a run's scrapes of the server's {@code /metrics} into its load steps.
 *
 * <p>Algorithm overview:
 *
 * <ul>
 *   <li>Vendor: the {@link MetricsDialect} whose families the scrapes carry most of.
 *   <li>Model: samples with a {@code model_name} label are kept only for the model the records
 *       name, when any sample has it; samples of several label sets (vLLM's {@code engine}) add up.
 *   <li>Step window: from the step's first request start to its last, widened by half a scrape
 *       interval on each side. Gauges (waiting, running, KV-cache use): mean and max over the
 *       successful scrapes inside the window; a gauge no scrape of the step carried is null.
 *   <li>Coverage: scrapes taken (answered and parsed) ÷ scrapes expected at one a second (the
 *       window's seconds, rounded, + 1), at most 100 %. Failed scrapes are counted by kind (timed
 *       out, otherwise failed). A step below {@value #COVERAGE_THRESHOLD_PERCENT} % is dark: all
 *       its server-side figures are null, because a server that stops answering {@code /metrics}
 *       under load (llama.cpp answers it from the load's worker pool) answers only when it is
 *       quiet, and its few readings would show a quiet server. The per-request timings the streams
 *       carried still decompose its TTFT.
 *   <li>Histograms: the difference between the last scrape at or before the window's start and the
 *       last at or before its end, both shifted by when the server observes the step's requests —
 *       by the step's client TTFT median for the TTFT histogram (observed at the first token), by
 *       its e2e median for queue and prefill times (vLLM and TGI observe them when a request
 *       finishes) — so that the delta holds the step's own requests. Mean = Δsum / Δcount; p50/p95
 *       interpolated linearly inside their bucket ({@link HistogramDelta}). A delta is null when
 *       its reading at either edge is over {@value #STALE_EDGE_MILLIS} ms old and scrapes failed in
 *       between (the metrics were dark there).
 *   <li>Gap decomposition ({@link GapDecomposition}): the client's mean TTFT and TTFB, the server's
 *       mean queue and prefill (prefill from its own histogram, else server TTFT − queue), the rest
 *       by difference. Without histograms, the per-request {@code queue_time_ms} and {@code
 *       prefill_time_ms} the streams carried, when they did.
 *   <li>Queue growth: the first step (not dark) whose mean waiting reaches {@value
 *       #QUEUE_GROWTH_WAITING}.
 *   <li>After the run: the readings of phase {@code after-run} ({@link AfterRunCheck}), kept apart
 *       from the steps.
 * </ul>
 *
 * <p>Parameters with defaults: coverage threshold {@value #COVERAGE_THRESHOLD_PERCENT} %, scrape
 * interval {@value #INTERVAL_MILLIS} ms (the scraper's).
 *
 * <p>Assumptions: the scrapes and the records share one clock (the load generator's); a scrape
 * about once a second, so a 20 s step holds about 20.
 */
public final class ServerMetricsAnalysis {
  /** Mean requests waiting from which a step's queue counts as grown. */
  public static final double QUEUE_GROWTH_WAITING = 1.0;

  /** Coverage (taken ÷ expected scrapes, percent) below which a step has no server figures. */
  public static final double COVERAGE_THRESHOLD_PERCENT = 50.0;

  /** The scraper's interval, ms: one scrape expected per second of a step. */
  static final long INTERVAL_MILLIS = 1000;

  /** Age of a histogram's edge reading beyond which failures in between make it stale. */
  static final long STALE_EDGE_MILLIS = 2500;

  private ServerMetricsAnalysis() {}

  /**
   * The server's view of the run; null when there are no scrapes.
   *
   * @param scrapes the run's scrapes, any order
   * @param records the run's records (for the step windows and the model)
   * @param steps the run's step statistics (for the shifts and the decomposition)
   */
  public static ServerMetricsView analyze(
      List<Scrape> scrapes, List<RequestRecord> records, List<StepStats> steps) {
    if (scrapes == null || scrapes.isEmpty()) {
      return null;
    }
    List<Scrape> everything = new ArrayList<>(scrapes);
    everything.sort(java.util.Comparator.comparingLong(Scrape::epochMillis));
    AfterRunCheck afterRun =
        AfterRunCheck.of(everything.stream().filter(Scrape::afterRun).toList());
    List<Scrape> sorted = everything.stream().filter(s -> !s.afterRun()).toList();
    if (sorted.isEmpty()) {
      return null;
    }
    List<Scrape> ok = sorted.stream().filter(Scrape::ok).toList();
    List<MetricSample> all = ok.stream().flatMap(s -> s.samples().stream()).toList();
    Optional<MetricsDialect> vendor = MetricsDialect.recognise(all);
    TreeSet<String> families = families(vendor, all);
    String model = modelOf(records);
    List<ServerStepMetrics> perStep = new ArrayList<>();
    List<ServerMetricsView.Point> series = new ArrayList<>();
    List<ServerMetricsView.Band> bands = new ArrayList<>();
    long origin = sorted.get(0).epochMillis();
    Map<Integer, long[]> windows = windows(records);
    if (vendor.isPresent()) {
      series.addAll(waitingRunning(vendor.get(), model, ok, origin));
      windows.forEach(
          (step, window) ->
              bands.add(
                  new ServerMetricsView.Band(
                      step, (window[0] - origin) / 1000.0, (window[1] - origin) / 1000.0)));
      for (StepStats step : steps) {
        long[] window = windows.get(step.step());
        if (window != null) {
          perStep.add(
              StepWindowMetrics.stepMetrics(vendor.get(), model, sorted, step, window, records));
        }
      }
    }
    List<Integer> dark =
        perStep.stream().filter(ServerStepMetrics::dark).map(ServerStepMetrics::step).toList();
    ServerMetricsView.Darkness darkness = darkness(dark, windows, sorted);
    Integer growth = queueGrowthStep(perStep);
    return new ServerMetricsView(
        sorted.get(0).url(),
        vendor.map(MetricsDialect::id).orElse(null),
        List.copyOf(families),
        sorted.size(),
        (int) sorted.stream().filter(s -> !s.ok()).count(),
        perStep,
        growth,
        series,
        bands,
        (int) sorted.stream().filter(Scrape::timedOut).count(),
        COVERAGE_THRESHOLD_PERCENT,
        dark,
        darkness,
        afterRun);
  }

  /** Waiting and running per successful scrape, seconds from the first scrape. */
  private static List<ServerMetricsView.Point> waitingRunning(
      MetricsDialect vendor, String model, List<Scrape> ok, long origin) {
    List<ServerMetricsView.Point> series = new ArrayList<>();
    for (Scrape scrape : ok) {
      series.add(
          new ServerMetricsView.Point(
              (scrape.epochMillis() - origin) / 1000.0,
              MetricReadings.gaugeValue(vendor, ServerMetric.WAITING, model, scrape),
              MetricReadings.gaugeValue(vendor, ServerMetric.RUNNING, model, scrape)));
    }
    return series;
  }

  /** The metric families the scrapes carry, by the vendor's names; empty when none recognised. */
  private static TreeSet<String> families(Optional<MetricsDialect> vendor, List<MetricSample> all) {
    TreeSet<String> families = new TreeSet<>();
    vendor.ifPresent(
        d ->
            all.forEach(
                s ->
                    d.metricOf(s.name()).ifPresent(m -> families.add(familyName(d, m, s.name())))));
    return families;
  }

  /** From the first dark step on: scrapes taken, timed out and otherwise failed; null if none. */
  private static ServerMetricsView.Darkness darkness(
      List<Integer> dark, Map<Integer, long[]> windows, List<Scrape> sorted) {
    if (dark.isEmpty()) {
      return null;
    }
    long from = windows.get(dark.get(0))[0] - INTERVAL_MILLIS / 2;
    List<Scrape> later = sorted.stream().filter(s -> s.epochMillis() >= from).toList();
    return new ServerMetricsView.Darkness(
        dark.get(0),
        later.size(),
        (int) later.stream().filter(Scrape::timedOut).count(),
        (int) later.stream().filter(s -> !s.ok() && !s.timedOut()).count());
  }

  /** The first step (not dark) whose mean waiting reaches {@value #QUEUE_GROWTH_WAITING}. */
  private static Integer queueGrowthStep(List<ServerStepMetrics> perStep) {
    return perStep.stream()
        .filter(s -> !s.dark())
        .filter(s -> s.waitingMean() != null && s.waitingMean() >= QUEUE_GROWTH_WAITING)
        .map(ServerStepMetrics::step)
        .findFirst()
        .orElse(null);
  }

  private static String familyName(MetricsDialect dialect, ServerMetric metric, String sample) {
    return dialect.names(metric).stream().filter(sample::startsWith).findFirst().orElse(sample);
  }

  /** Per step: [first start, last start] of its records, epoch ms. */
  private static Map<Integer, long[]> windows(List<RequestRecord> records) {
    Map<Integer, long[]> windows = new TreeMap<>();
    for (RequestRecord r : records) {
      if (r.warmup() || r.level().step() < 1) {
        continue;
      }
      windows.merge(
          r.level().step(),
          new long[] {r.timings().startEpochMillis(), r.timings().startEpochMillis()},
          (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
    }
    return windows;
  }

  private static String modelOf(List<RequestRecord> records) {
    return records.stream()
        .map(r -> r.input().model())
        .filter(Objects::nonNull)
        .collect(Collectors.groupingBy(m -> m, TreeMap::new, Collectors.counting()))
        .entrySet()
        .stream()
        .max(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey)
        .orElse(null);
  }
}
