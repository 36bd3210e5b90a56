package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.LoadModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code capacity.html}: one self-contained page that opens offline. The ECharts library is inlined
 * from its webjar on the class path, the report is embedded as JSON, and a small script draws the
 * charts: gap percentiles vs rate with the model's curve, TTFB and gap stacked per step (with the
 * growth of each over the low-load step and each step's queue place: before or after the headers),
 * achieved vs offered rate with the goodput, error rate per step (only when some request failed: no
 * empty chart), this run against its baseline when one is given, the server's queue when it reports
 * one, with a scraped {@code /metrics} where the mean TTFT went (TTFB, queue, prefill, rest) and
 * the server's waiting and running requests over time, and the load generator's event-loop delay
 * beside the gap when the run measured it. A closed run's charts take its concurrency as the x axis
 * (no G/G/c curve: it is not fitted there).
 *
 * <p>For headless checks the page sets {@code data-charts-rendered} (charts drawn), {@code
 * data-charts-expected} and {@code data-errors} (script errors caught by {@code window.onerror}) on
 * {@code <body>}, and {@code data-label-overlaps} with {@code data-label-overlap-details}: the
 * pairs of texts drawn on one chart whose boxes overlap (marker labels, legend, axis labels), which
 * should be none. Below the charts, tables give every per-step percentile, the goodput, output
 * tokens/s and Little's-law check, and the deltas against the baseline.
 */
public final class CapacityHtml {
  static final String ECHARTS_RESOURCE =
      "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

  private CapacityHtml() {}

  /** Number of charts the page draws for {@code report}. */
  public static int expectedCharts(CapacityReport report) {
    return (hasServerQueue(report) ? 4 : 3)
        + (hasErrors(report) ? 1 : 0)
        + (hasServerView(report) ? 2 : 0)
        + (report.loadGenerator() != null ? 1 : 0)
        + (report.baseline() != null ? 1 : 0);
  }

  public static String render(CapacityReport report) {
    return render(report, java.util.Optional.empty());
  }

  /** The page, opening with what ran ({@code header}: profile, target, model, date) when known. */
  public static String render(CapacityReport report, java.util.Optional<RunHeader> header) {
    StringBuilder html = new StringBuilder(1_200_000);
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(escape(header.map(h -> h.run() + " · ").orElse("") + "capacity report"))
        .append("</title>\n")
        // installed first, so errors in the library or the page script are counted too
        .append("<script>window.pageErrors=[];window.recordPageError=function(m){")
        .append("if(m!==null){window.pageErrors.push(String(m));}")
        .append("if(document.body){document.body.dataset.errors=String(window.pageErrors.length);")
        .append("document.body.dataset.errorMessages=window.pageErrors.join(' | ');}};")
        .append("window.onerror=function(m){window.recordPageError(m);};</script>\n")
        .append("<style>\n")
        .append(resource("dev/ttftgap/report/capacity.css"))
        .append("</style>\n<script>\n")
        .append(scriptSafe(resource(ECHARTS_RESOURCE)))
        .append("\n</script>\n</head>\n");
    html.append("<body data-charts-expected=\"").append(expectedCharts(report)).append("\">\n");
    html.append("<h1>")
        .append(escape("Capacity report" + header.map(h -> ": " + h.run()).orElse("")))
        .append("</h1>\n");
    header.ifPresent(
        h -> html.append("<p class=\"meta run\">").append(escape(h.line())).append("</p>\n"));
    html.append("<p class=\"meta\">")
        .append(
            escape(
                report.input().requests()
                    + " requests ("
                    + report.input().warmupRequests()
                    + " warm-up) from "
                    + String.join(", ", report.input().sources())))
        .append("</p>\n");
    html.append("<section class=\"verdict\"><h2>Verdict</h2>\n<ul>\n");
    for (String sentence : VerdictSentences.of(report)) {
      html.append("<li>").append(escape(sentence)).append("</li>\n");
    }
    html.append("</ul>\n<p class=\"slo\">SLO applied: ")
        .append(escape(VerdictSentences.limits(report.options())))
        .append(" (only the limits the profile or the command line gave)</p></section>\n");
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
    html.append("<h2>Steps</h2>\n");
    table(html, StepTable.header(report), StepTable.rows(report));
    html.append("<section id=\"percentiles\"><h2>Latency percentiles per step</h2>\n")
        .append("<p class=\"caption\">p50 / p90 / p95 / p99 in ms of the step's successful")
        .append(" requests.</p>\n");
    table(html, StepDetailTables.latencyHeader(report), StepDetailTables.latencyRows(report));
    html.append("</section>\n<section id=\"delivery\"><h2>Throughput, goodput and Little's")
        .append(" law per step</h2>\n<p class=\"caption\">Goodput: successful requests per")
        .append(" second that each met the SLO's latency limits. L: requests in flight,")
        .append(" time-averaged; λ·W: arrival rate × mean time in system; they agree when the")
        .append(" step's requests are all accounted for.</p>\n");
    table(html, StepDetailTables.deliveryHeader(report), StepDetailTables.deliveryRows(report));
    html.append("</section>\n");
    if (report.baseline() != null) {
      html.append("<section id=\"baseline\"><h2>Against the baseline, step by step</h2>\n")
          .append("<p class=\"caption\">This run minus ")
          .append(escape(report.baseline().source()))
          .append("; a regression is a p50 up by more than max(10 ms, 20 %).</p>\n");
      table(
          html, StepDetailTables.BASELINE_HEADER, StepDetailTables.baselineRows(report.baseline()));
      html.append("</section>\n");
    }
    if (WorkloadTables.present(report)) {
      html.append("<section id=\"workload\"><h2>Workload</h2>\n");
      String sentence = WorkloadTables.sentences(report);
      if (!sentence.isEmpty()) {
        html.append("<p>").append(escape(sentence)).append("</p>\n");
      }
      html.append("<h3>Lengths by step (tokens)</h3>\n");
      table(html, WorkloadTables.lengthsHeader(report), WorkloadTables.lengthRows(report));
      if (!report.workload().turns().isEmpty()) {
        html.append("<h3>TTFT by conversation turn</h3>\n");
        table(html, WorkloadTables.TURNS_HEADER, WorkloadTables.turnRows(report));
      }
      html.append("</section>\n");
    }
    html.append("<script id=\"report-data\" type=\"application/json\">")
        .append(jsonSafe(CapacityJson.render(report)))
        .append("</script>\n<script>\n")
        .append(resource("dev/ttftgap/report/capacity.js"))
        .append("</script>\n</body>\n</html>\n");
    return html.toString();
  }

  private static void table(StringBuilder html, List<String> header, List<List<String>> rows) {
    html.append("<table>\n<tr>");
    header.forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
    html.append("</tr>\n");
    for (List<String> row : rows) {
      html.append("<tr>");
      row.forEach(cell -> html.append("<td>").append(escape(cell)).append("</td>"));
      html.append("</tr>\n");
    }
    html.append("</table>\n");
  }

  /** An error chart only when some step had failures: no empty chart. */
  private static boolean hasErrors(CapacityReport report) {
    return report.steps().stream().anyMatch(s -> !s.counts().failuresByReason().isEmpty());
  }

  private static boolean hasServerView(CapacityReport report) {
    return report.serverMetrics() != null && !report.serverMetrics().steps().isEmpty();
  }

  private static boolean hasServerQueue(CapacityReport report) {
    return report.steps().stream().map(s -> s.queueing().serverQueue()).anyMatch(q -> q != null);
  }

  private static void section(StringBuilder html, String id, String title, String caption) {
    html.append("<section><h2>")
        .append(escape(title))
        .append("</h2>\n<div id=\"")
        .append(id)
        .append("\" class=\"chart\"></div>\n<p class=\"caption\">")
        .append(escape(caption))
        .append("</p></section>\n");
  }

  /** Keeps a library's code from closing its script element (the minified ECharts has none). */
  static String scriptSafe(String text) {
    return text.replace("</script", "<\\/script");
  }

  /** JSON inside a script element: "<" only occurs in strings, where \\u003c means the same. */
  static String jsonSafe(String json) {
    return json.replace("<", "\\u003c");
  }

  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static String resource(String name) {
    try (InputStream in = CapacityHtml.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(
            "capacity.html: resource "
                + name
                + " missing from the class path (is the echarts webjar a dependency?)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
