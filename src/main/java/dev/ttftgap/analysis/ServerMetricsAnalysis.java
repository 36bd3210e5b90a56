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
import java.util.function.Function;
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
    TreeSet<String> families = new TreeSet<>();
    vendor.ifPresent(
        d ->
            all.forEach(
                s ->
                    d.metricOf(s.name()).ifPresent(m -> families.add(familyName(d, m, s.name())))));
    String model = modelOf(records);
    List<ServerStepMetrics> perStep = new ArrayList<>();
    List<ServerMetricsView.Point> series = new ArrayList<>();
    List<ServerMetricsView.Band> bands = new ArrayList<>();
    long origin = sorted.get(0).epochMillis();
    Map<Integer, long[]> windows = windows(records);
    if (vendor.isPresent()) {
      for (Scrape scrape : ok) {
        series.add(
            new ServerMetricsView.Point(
                (scrape.epochMillis() - origin) / 1000.0,
                gaugeValue(vendor.get(), ServerMetric.WAITING, model, scrape),
                gaugeValue(vendor.get(), ServerMetric.RUNNING, model, scrape)));
      }
      windows.forEach(
          (step, window) ->
              bands.add(
                  new ServerMetricsView.Band(
                      step, (window[0] - origin) / 1000.0, (window[1] - origin) / 1000.0)));
      for (StepStats step : steps) {
        long[] window = windows.get(step.step());
        if (window != null) {
          perStep.add(stepMetrics(vendor.get(), model, sorted, step, window, records));
        }
      }
    }
    List<Integer> dark =
        perStep.stream().filter(ServerStepMetrics::dark).map(ServerStepMetrics::step).toList();
    ServerMetricsView.Darkness darkness = null;
    if (!dark.isEmpty()) {
      long from = windows.get(dark.get(0))[0] - INTERVAL_MILLIS / 2;
      List<Scrape> later = sorted.stream().filter(s -> s.epochMillis() >= from).toList();
      darkness =
          new ServerMetricsView.Darkness(
              dark.get(0),
              later.size(),
              (int) later.stream().filter(Scrape::timedOut).count(),
              (int) later.stream().filter(s -> !s.ok() && !s.timedOut()).count());
    }
    Integer growth =
        perStep.stream()
            .filter(s -> !s.dark())
            .filter(s -> s.waitingMean() != null && s.waitingMean() >= QUEUE_GROWTH_WAITING)
            .map(ServerStepMetrics::step)
            .findFirst()
            .orElse(null);
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

  private static String familyName(MetricsDialect dialect, ServerMetric metric, String sample) {
    return dialect.names(metric).stream().filter(sample::startsWith).findFirst().orElse(sample);
  }

  private static ServerStepMetrics stepMetrics(
      MetricsDialect vendor,
      String model,
      List<Scrape> attempts,
      StepStats step,
      long[] window,
      List<RequestRecord> records) {
    long from = window[0] - INTERVAL_MILLIS / 2;
    long to = window[1] + INTERVAL_MILLIS / 2;
    List<Scrape> attemptsInside =
        attempts.stream().filter(s -> s.epochMillis() >= from && s.epochMillis() <= to).toList();
    List<Scrape> inside = attemptsInside.stream().filter(Scrape::ok).toList();
    int timedOut = (int) attemptsInside.stream().filter(Scrape::timedOut).count();
    int failed = (int) attemptsInside.stream().filter(s -> !s.ok() && !s.timedOut()).count();
    int expected = (int) Math.round((window[1] - window[0]) / (double) INTERVAL_MILLIS) + 1;
    double coverage = Math.min(100.0, 100.0 * inside.size() / expected);
    if (coverage < COVERAGE_THRESHOLD_PERCENT) {
      return ServerStepMetrics.dark(
          step.step(),
          inside.size(),
          decomposition(step, null, null, null, records),
          failed,
          timedOut,
          expected,
          coverage);
    }
    List<Scrape> scrapes = attempts.stream().filter(Scrape::ok).toList();
    Function<ServerMetric, List<Double>> gauge =
        metric ->
            inside.stream()
                .map(s -> gaugeValue(vendor, metric, model, s))
                .filter(Objects::nonNull)
                .toList();
    List<Double> waiting = gauge.apply(ServerMetric.WAITING);
    List<Double> running = gauge.apply(ServerMetric.RUNNING);
    List<Double> kv = gauge.apply(ServerMetric.KV_CACHE_USAGE);
    List<Double> preempted = gauge.apply(ServerMetric.PREEMPTIONS);
    long firstTokenShift = shift(step.ttft());
    long finishShift = shift(step.e2e());
    HistogramDelta queue =
        delta(vendor, ServerMetric.QUEUE_TIME, model, attempts, scrapes, window, finishShift);
    HistogramDelta prefill =
        delta(vendor, ServerMetric.PREFILL_TIME, model, attempts, scrapes, window, finishShift);
    HistogramDelta ttft =
        delta(vendor, ServerMetric.TTFT, model, attempts, scrapes, window, firstTokenShift);
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
        decomposition(step, queueMean, prefillMean, ttftMean, records),
        preempted.size() < 2
            ? null
            : Math.max(0, preempted.get(preempted.size() - 1) - preempted.get(0)),
        failed,
        timedOut,
        expected,
        coverage,
        false);
  }

  private static GapDecomposition decomposition(
      StepStats step,
      Double queueMean,
      Double prefillMean,
      Double serverTtftMean,
      List<RequestRecord> records) {
    Double ttft = step.ttft() == null ? null : step.ttft().meanMillis();
    Double ttfb = step.ttfb() == null ? null : step.ttfb().meanMillis();
    String source = "histograms";
    Double queue = queueMean;
    Double prefill = prefillMean;
    if (prefill == null && serverTtftMean != null && queue != null) {
      prefill = Math.max(0, serverTtftMean - queue);
    }
    if (queue == null || prefill == null) {
      Double perRequestQueue = perRequestMean(records, step.step(), "queue_time_ms");
      Double perRequestPrefill = perRequestMean(records, step.step(), "prefill_time_ms");
      if (perRequestQueue != null && perRequestPrefill != null) {
        queue = perRequestQueue;
        prefill = perRequestPrefill;
        source = "per-request";
      }
    }
    Double rest =
        ttft != null && ttfb != null && queue != null && prefill != null
            ? ttft - ttfb - queue - prefill
            : null;
    if (queue == null && prefill == null) {
      source = null;
    }
    return new GapDecomposition(ttft, ttfb, queue, prefill, rest, source);
  }

  private static Double perRequestMean(List<RequestRecord> records, int step, String key) {
    List<Double> values =
        records.stream()
            .filter(
                r -> r.ok() && !r.warmup() && r.level().step() == step && r.serverTimings() != null)
            .map(r -> r.serverTimings().get(key))
            .filter(Objects::nonNull)
            .toList();
    return mean(values);
  }

  /** A step's median in whole ms, 0 when unknown. */
  private static long shift(LatencySummary summary) {
    return summary == null ? 0 : Math.round(summary.p50Millis());
  }

  /** Sum over the series of {@code metric} kept for {@code model} in one scrape; null if none. */
  private static Double gaugeValue(
      MetricsDialect vendor, ServerMetric metric, String model, Scrape scrape) {
    List<MetricSample> series = series(vendor, metric, model, scrape);
    return series.isEmpty() ? null : series.stream().mapToDouble(MetricSample::value).sum();
  }

  private static List<MetricSample> series(
      MetricsDialect vendor, ServerMetric metric, String model, Scrape scrape) {
    List<MetricSample> samples =
        scrape.samples().stream()
            .filter(s -> vendor.metricOf(s.name()).filter(metric::equals).isPresent())
            .toList();
    // a deprecated alias only when the current name is absent
    for (String family : vendor.names(metric)) {
      List<MetricSample> ofFamily =
          samples.stream()
              .filter(
                  s ->
                      s.name().equals(family)
                          || s.name().equals(family + "_bucket")
                          || s.name().equals(family + "_sum")
                          || s.name().equals(family + "_count"))
              .toList();
      if (!ofFamily.isEmpty()) {
        boolean anyForModel =
            ofFamily.stream().anyMatch(s -> model != null && model.equals(s.label("model_name")));
        return anyForModel
            ? ofFamily.stream().filter(s -> model.equals(s.label("model_name"))).toList()
            : ofFamily;
      }
    }
    return List.of();
  }

  private static HistogramDelta delta(
      MetricsDialect vendor,
      ServerMetric metric,
      String model,
      List<Scrape> attempts,
      List<Scrape> scrapes,
      long[] window,
      long shiftMillis) {
    long fromEdge = window[0] + shiftMillis;
    long toEdge = window[1] + shiftMillis;
    Scrape from = lastAtOrBefore(scrapes, fromEdge);
    Scrape to = lastAtOrBefore(scrapes, toEdge);
    if (from != null && stale(attempts, from, fromEdge)) {
      return null;
    }
    if (from == null) {
      from = scrapes.isEmpty() ? null : scrapes.get(0);
    }
    if (from == null
        || to == null
        || to.epochMillis() <= from.epochMillis()
        || stale(attempts, to, toEdge)) {
      return null;
    }
    HistogramState a = HistogramState.of(series(vendor, metric, model, from));
    HistogramState b = HistogramState.of(series(vendor, metric, model, to));
    if (b == null) {
      return null;
    }
    Map<Double, Double> buckets = new TreeMap<>();
    b.buckets.forEach(
        (bound, count) ->
            buckets.put(bound, count - (a == null ? 0 : a.buckets.getOrDefault(bound, 0.0))));
    return new HistogramDelta(
        buckets, b.count - (a == null ? 0 : a.count), b.sum - (a == null ? 0 : a.sum));
  }

  /** Cumulative buckets, count and sum of one histogram in one scrape, summed over its series. */
  private record HistogramState(Map<Double, Double> buckets, double count, double sum) {
    static HistogramState of(List<MetricSample> samples) {
      Map<Double, Double> buckets = new TreeMap<>();
      double count = 0;
      double sum = 0;
      boolean any = false;
      for (MetricSample s : samples) {
        if (s.name().endsWith("_bucket") && s.label("le") != null) {
          String le = s.label("le");
          double bound = le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
          buckets.merge(bound, s.value(), Double::sum);
          any = true;
        } else if (s.name().endsWith("_count")) {
          count += s.value();
          any = true;
        } else if (s.name().endsWith("_sum")) {
          sum += s.value();
        }
      }
      return any ? new HistogramState(buckets, count, sum) : null;
    }
  }

  /**
   * True when {@code reading} is over {@value #STALE_EDGE_MILLIS} ms older than {@code edge} and a
   * scrape failed in between: the counter at the edge was not read.
   */
  private static boolean stale(List<Scrape> attempts, Scrape reading, long edge) {
    return edge - reading.epochMillis() > STALE_EDGE_MILLIS
        && attempts.stream()
            .anyMatch(
                s -> !s.ok() && s.epochMillis() > reading.epochMillis() && s.epochMillis() <= edge);
  }

  private static Scrape lastAtOrBefore(List<Scrape> sorted, long epochMillis) {
    Scrape last = null;
    for (Scrape scrape : sorted) {
      if (scrape.epochMillis() <= epochMillis) {
        last = scrape;
      } else {
        break;
      }
    }
    return last;
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

  private static Double mean(List<Double> values) {
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
