package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.LoadModel;

/**
 * The chart sections of {@code capacity.html} ({@link CapacityHtml}): a title, the element the page
 * script draws into and a caption each; the three every report has, then those its data call for.
 */
final class ChartSections {
  private ChartSections() {}

  /** Every chart section {@code report} calls for, in page order. */
  static void append(StringBuilder html, CapacityReport report) {
    always(html, report);
    optional(html, report);
  }

  /** Gap percentiles, TTFB and gap stacked, throughput: by rate, or by users in a closed run. */
  private static void always(StringBuilder html, CapacityReport report) {
    boolean closed = report.loadModel() == LoadModel.CLOSED;
    if (closed) {
      section(
          html,
          "chart-gap",
          "Gap percentiles vs concurrency",
          "Measured gap percentiles per step of users; dotted: knee, start of the throughput"
              + " plateau, max concurrency under the SLO.");
    } else {
      section(
          html,
          "chart-gap",
          "Gap percentiles vs offered rate",
          "Measured gap percentiles per step; dashed: the fitted queueing model's p50 and p95;"
              + " dotted: knee, max rate under the SLO, saturation.");
    }
    section(
        html,
        "chart-stack",
        "TTFB and gap per step",
        "Medians stacked: TTFB (headers) below, gap (queueing + prefill) above; together ≈ the"
            + " median TTFT. Lines (right axis): how much each grew over the low-load step (floored at"
            + " 0), TTFB"
            + " for a queue before the headers (connection, gateway, worker pool), the gap for one"
            + " after them (scheduler, prefill); under the steps, from which one the queue is before the"
            + " headers, after them, or both.");
    if (closed) {
      section(
          html,
          "chart-throughput",
          "Throughput vs concurrency",
          "Completions per second against the users; arrivals follow completions, and the plateau"
              + " is the server's capacity.");
    } else {
      section(
          html,
          "chart-throughput",
          "Achieved vs offered rate",
          "Completions per second against the offered rate; the plateau is the saturation"
              + " throughput.");
    }
  }

  /** Errors, the baseline, the server's queue and metrics, the load generator: when present. */
  private static void optional(StringBuilder html, CapacityReport report) {
    if (hasOutputKinds(report)) {
      section(
          html,
          "chart-first-tokens",
          "First token by kind per step",
          "p95 per step of TTFT (first output of any kind) and of the first token of each kind the"
              + " run had: TTFVT the first visible answer token, TTFR the first reasoning token,"
              + " TTFTC the first tool call; a step without that kind has no point.");
    }
    if (hasErrors(report)) {
      section(
          html,
          "chart-errors",
          "Error rate per step",
          "Failed requests in percent, by failure reason.");
    }
    if (report.baseline() != null) {
      section(
          html,
          "chart-baseline",
          "This run against the baseline",
          "Per step: the gap p50 and p95 and the TTFB p50 of this run (solid) and of the baseline"
              + " (dashed, "
              + report.baseline().source()
              + ").");
    }
    if (hasServerQueue(report)) {
      section(
          html,
          "chart-queue",
          "Server queue",
          "The server's reported queue time per step, and the mean queue depth it implies (Little's"
              + " law).");
    }
    if (hasServerView(report)) {
      section(
          html,
          "chart-decomposition",
          "Where the TTFT went (server's metrics)",
          "Means per step: client TTFB, the server's queue time and prefill (histogram deltas over"
              + " the step), and the rest (first token's transfer, client) by difference.");
      section(
          html,
          "chart-server-series",
          "Server: waiting and running requests",
          "The server's own gauges, scraped every second; shaded: the load steps.");
    }
    if (report.loadGenerator() != null) {
      section(
          html,
          "chart-load-generator",
          "The load generator's own delay",
          "Event-loop delay per step (right axis: how late the client's loops ran, the most it"
              + " added to a timestamp) beside the gap p99 (left axis); dotted: the limit above"
              + " which the step is not vouched for.");
    }
  }

  /** A first-token chart only when the run had reasoning, tool calls or a TTFT kind not "any". */
  static boolean hasOutputKinds(CapacityReport report) {
    return !OutputKinds.shown(report).isEmpty();
  }

  /** An error chart only when some step had failures: no empty chart. */
  static boolean hasErrors(CapacityReport report) {
    return report.steps().stream().anyMatch(s -> !s.counts().failuresByReason().isEmpty());
  }

  static boolean hasServerView(CapacityReport report) {
    return report.serverMetrics() != null && !report.serverMetrics().steps().isEmpty();
  }

  static boolean hasServerQueue(CapacityReport report) {
    return report.steps().stream().map(s -> s.queueing().serverQueue()).anyMatch(q -> q != null);
  }

  private static void section(StringBuilder html, String id, String title, String caption) {
    html.append("<section><h2>")
        .append(CapacityHtml.escape(title))
        .append("</h2>\n<div id=\"")
        .append(id)
        .append("\" class=\"chart\"></div>\n<p class=\"caption\">")
        .append(CapacityHtml.escape(caption))
        .append("</p></section>\n");
  }
}
