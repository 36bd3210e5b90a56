package dev.ttftgap.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ttftgap.analysis.CapacityReport;
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
    return JsonLayout.withFieldAfter(
        JsonLayout.object(metrics),
        "prefillMeanMillis",
        "quantilesInterpolated",
        NODES.booleanNode(true));
  }

  /** The top-level {@code serverMetrics} block; null when the run left no scrapes. */
  static JsonNode block(CapacityReport report) {
    return JsonLayout.tree(report.serverMetrics());
  }
}
