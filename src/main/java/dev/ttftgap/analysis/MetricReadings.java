package dev.ttftgap.analysis;

import dev.ttftgap.servermetrics.HistogramDelta;
import dev.ttftgap.servermetrics.MetricSample;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.Scrape;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads one metric out of scrapes for {@link ServerMetricsAnalysis}: a gauge's value in one scrape,
 * the series kept for the model, and a histogram's difference between two edges of a step.
 */
final class MetricReadings {
  private MetricReadings() {}

  /** Sum over the series of {@code metric} kept for {@code model} in one scrape; null if none. */
  static Double gaugeValue(
      MetricsDialect vendor, ServerMetric metric, String model, Scrape scrape) {
    List<MetricSample> series = series(vendor, metric, model, scrape);
    return series.isEmpty() ? null : series.stream().mapToDouble(MetricSample::value).sum();
  }

  static List<MetricSample> series(
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

  static HistogramDelta delta(
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
   * True when {@code reading} is over {@value ServerMetricsAnalysis#STALE_EDGE_MILLIS} ms older
   * than {@code edge} and a scrape failed in between: the counter at the edge was not read.
   */
  private static boolean stale(List<Scrape> attempts, Scrape reading, long edge) {
    return edge - reading.epochMillis() > ServerMetricsAnalysis.STALE_EDGE_MILLIS
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
}
