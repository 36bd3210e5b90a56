package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.ClassReport;
import dev.ttftgap.analysis.LoadModel;
import java.util.List;

/**
 * The chart sections of {@code capacity.html} ({@link CapacityHtml}): a title, the element the page
 * script draws into and a caption each: a launch's answers first when the run had them (one small
 * chart per request class, the launch spike's recovery), then the three every report has, then
 * those its data call for.
 */
final class ChartSections {
  private ChartSections() {}

  /** Every chart section {@code report} calls for, in page order. */
  static void append(StringBuilder html, CapacityReport report) {
    launchDay(html, report);
    always(html, report);
    optional(html, report);
  }

  /**
   * First, when the run had them, the answers to a launch's questions: every request class's own
   * chart, then the launch spike's.
   */
  private static void launchDay(StringBuilder html, CapacityReport report) {
    classes(html, report);
    if (report.recovery() != null) {
      section(
          html,
          "chart-recovery",
          "Launch spike: TTFT per window and requests in flight",
          "p50 and p95 TTFT of the requests started in each "
              + report.recovery().plan().windowSeconds()
              + "-s window (left axis, log when every figure is positive); dashed: the low-load band's upper ends (from the base"
              + " before the burst); shaded: the burst; solid: where both came back into the band"
              + " for good; dotted: the predicted drain (fitted queue, or the burst's throughput as μ). Right axis: the most"
              + " requests in flight at once per window, and the server's waiting requests where"
              + " scraped.");
    }
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
              + " added to a timestamp) and the stamp delay p99 (the stall each request's headers"
              + " or first token was stamped in) beside the gap p99 (left axis); dotted: the limit"
              + " above which the step is not vouched for.");
    }
  }

  /**
   * Small multiples, one chart per request class (TTFT and gap p95 per step against the total rate,
   * the class's SLO limits, the joint and its own answer), then each class's step table.
   */
  private static void classes(StringBuilder html, CapacityReport report) {
    if (!ClassTables.present(report)) {
      return;
    }
    html.append("<section id=\"classes\"><h2>Request classes: p95 TTFT and gap per step</h2>\n")
        .append("<p class=\"caption\">")
        .append(
            CapacityHtml.escape(
                "One chart per class ("
                    + ClassSentences.mix(report.classes())
                    + "), against the run's total offered rate: its p95 TTFT and gap per step;"
                    + " dashed: its own SLO limits; dotted: the joint answer (the total rate at"
                    + " which every class meets its own SLO) and the class's own answer in this"
                    + " mix. Each class's step table follows."))
        .append("</p>\n<div style=\"display:grid;grid-template-columns:repeat(2,minmax(0,1fr));")
        .append("gap:0 1.2rem\">\n");
    List<ClassReport> classes = ClassTables.classes(report);
    for (int i = 0; i < classes.size(); i++) {
      html.append("<div><h3>")
          .append(CapacityHtml.escape(classes.get(i).name()))
          .append("</h3>\n<div id=\"chart-class-")
          .append(i)
          .append("\" class=\"chart\" style=\"height:300px\"></div></div>\n");
    }
    html.append("</div>\n");
    for (ClassReport cls : classes) {
      html.append("<h3 style=\"font-size:.95rem\">")
          .append(CapacityHtml.escape(ClassTables.title(cls)))
          .append("</h3>\n");
      CapacityHtml.table(html, ClassTables.HEADER, ClassTables.rows(report, cls));
    }
    html.append("</section>\n");
  }

  /** Charts drawn for the request classes (one each) and a launch spike (one). */
  static int launchDayCharts(CapacityReport report) {
    return ClassTables.classes(report).size() + (report.recovery() != null ? 1 : 0);
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
