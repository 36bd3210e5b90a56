package dev.ttftgap.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.GapDecomposition;
import dev.ttftgap.analysis.ServerMetricsView;
import dev.ttftgap.analysis.ServerStepMetrics;

/**
 * The server's view in {@code capacity.json}: a {@code server} object per step (null when the run
 * has no scrapes or the step none) and the top-level {@code serverMetrics} block. Field names carry
 * their units; undefined values are {@code null}. The block holds the scraped waiting/running
 * {@code series} (seconds from the first scrape) and each step's window ({@code stepBands}) for the
 * time-series chart. Queue-time and TTFT quantiles are interpolated inside the server's histogram
 * buckets ({@code quantilesInterpolated: true}).
 */
final class ServerMetricsJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ServerMetricsJson() {}

  /** The {@code server} object of step {@code step}. */
  static JsonNode step(CapacityReport report, int step) {
    ServerMetricsView view = report.serverMetrics();
    ServerStepMetrics metrics = view == null ? null : view.step(step);
    if (metrics == null) {
      return NODES.nullNode();
    }
    ObjectNode node = NODES.objectNode();
    node.put("scrapes", metrics.scrapes());
    node.put("waitingMean", metrics.waitingMean());
    node.put("waitingMax", metrics.waitingMax());
    node.put("runningMean", metrics.runningMean());
    node.put("runningMax", metrics.runningMax());
    node.put("kvCacheUsageMeanPercent", metrics.kvCacheUsageMeanPercent());
    node.put("preemptions", metrics.preemptions());
    node.put("queueTimeMeanMillis", metrics.queueTimeMeanMillis());
    node.put("queueTimeP50Millis", metrics.queueTimeP50Millis());
    node.put("queueTimeP95Millis", metrics.queueTimeP95Millis());
    node.put("ttftMeanMillis", metrics.ttftMeanMillis());
    node.put("ttftP50Millis", metrics.ttftP50Millis());
    node.put("ttftP95Millis", metrics.ttftP95Millis());
    node.put("prefillMeanMillis", metrics.prefillMeanMillis());
    node.put("quantilesInterpolated", true);
    GapDecomposition d = metrics.decomposition();
    ObjectNode decomposition = node.putObject("ttftDecomposition");
    decomposition.put("ttftMeanMillis", d.ttftMeanMillis());
    decomposition.put("ttfbMeanMillis", d.ttfbMeanMillis());
    decomposition.put("serverQueueMeanMillis", d.serverQueueMeanMillis());
    decomposition.put("prefillMeanMillis", d.prefillMeanMillis());
    decomposition.put("restMillis", d.restMillis());
    decomposition.put("source", d.source());
    return node;
  }

  /** The top-level {@code serverMetrics} block; null when the run left no scrapes. */
  static JsonNode block(CapacityReport report) {
    ServerMetricsView view = report.serverMetrics();
    if (view == null) {
      return NODES.nullNode();
    }
    ObjectNode node = NODES.objectNode();
    node.put("url", view.url());
    node.put("vendor", view.vendor());
    view.familiesSeen().forEach(node.putArray("familiesSeen")::add);
    node.put("scrapes", view.scrapes());
    node.put("failures", view.failures());
    node.put("queueGrowthStep", view.queueGrowthStep());
    var series = node.putArray("series");
    for (ServerMetricsView.Point point : view.series()) {
      ObjectNode p = series.addObject();
      p.put("seconds", point.seconds());
      p.put("waiting", point.waiting());
      p.put("running", point.running());
    }
    var bands = node.putArray("stepBands");
    for (ServerMetricsView.Band band : view.bands()) {
      ObjectNode b = bands.addObject();
      b.put("step", band.step());
      b.put("fromSeconds", band.fromSeconds());
      b.put("toSeconds", band.toSeconds());
    }
    return node;
  }
}
