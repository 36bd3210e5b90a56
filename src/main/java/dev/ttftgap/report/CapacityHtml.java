package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
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
 * beside the gap when the run measured it; for a run with request classes, one small chart per
 * class with its own SLO and the joint answer, and for a launch spike the windows' TTFT over time
 * with the band, the burst and the recovery point. A closed run's charts take its concurrency as
 * the x axis (no G/G/c curve: it is not fitted there).
 *
 * <p>For headless checks the page sets {@code data-charts-rendered} (charts drawn), {@code
 * data-charts-expected} and {@code data-errors} (script errors caught by {@code window.onerror}) on
 * {@code <body>}, and {@code data-label-overlaps} with {@code data-label-overlap-details}: the
 * pairs of texts drawn on one chart whose boxes overlap (marker labels, legend, axis labels), which
 * should be none. Below the charts, tables give every per-step percentile, the goodput, output
 * tokens/s and Little's-law check, and the deltas against the baseline.
 */
final class CapacityHtml {
  static final String ECHARTS_RESOURCE =
      "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

  private CapacityHtml() {}

  /** Number of charts the page draws for {@code report}. */
  public static int expectedCharts(CapacityReport report) {
    return (ChartSections.hasServerQueue(report) ? 4 : 3)
        + (ChartSections.hasErrors(report) ? 1 : 0)
        + (ChartSections.hasOutputKinds(report) ? 1 : 0)
        + (ChartSections.hasServerView(report) ? 2 : 0)
        + (report.loadGenerator() != null ? 1 : 0)
        + (report.baseline() != null ? 1 : 0)
        + ChartSections.launchDayCharts(report);
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
                    + String.join(", ", report.input().sources())
                    + (OutputKinds.api(report).isEmpty() ? "" : " · " + OutputKinds.api(report))))
        .append("</p>\n");
    html.append("<section class=\"verdict\"><h2>Verdict</h2>\n<ul>\n");
    for (String sentence : VerdictSentences.of(report)) {
      html.append("<li>").append(escape(sentence)).append("</li>\n");
    }
    html.append("</ul>\n<p class=\"slo\">SLO applied: ")
        .append(escape(VerdictSentences.limits(report.options())))
        .append(" (only the limits the profile or the command line gave)</p></section>\n");
    ChartSections.append(html, report);
    tables(html, report);
    workload(html, report);
    html.append("<script id=\"report-data\" type=\"application/json\">")
        .append(jsonSafe(CapacityJson.render(report)))
        .append("</script>\n<script>\n")
        .append(script(report))
        .append("</script>\n</body>\n</html>\n");
    return html.toString();
  }

  /** Where the first-token chart's script goes in the page script: before the server's queue. */
  private static final String KINDS_ANCHOR =
      "  // 5. the server's own queue, when it reports queue time";

  /**
   * The page script; with the first-token-by-kind chart's part ({@code capacity-kinds.js}) only
   * when the run had reasoning or tool calls, the request classes' ({@code capacity-classes.js})
   * and the launch spike's ({@code capacity-recovery.js}) only when it had them, so a plain chat
   * run's page stays byte for byte as it was.
   */
  private static String script(CapacityReport report) {
    String script = resource("dev/ttftgap/report/capacity.js");
    StringBuilder parts = new StringBuilder();
    if (ChartSections.hasOutputKinds(report)) {
      parts.append(resource("dev/ttftgap/report/capacity-kinds.js"));
    }
    if (ClassTables.present(report)) {
      parts.append(resource("dev/ttftgap/report/capacity-classes.js"));
    }
    if (report.recovery() != null) {
      parts.append(resource("dev/ttftgap/report/capacity-recovery.js"));
    }
    if (parts.isEmpty()) {
      return script;
    }
    int at = script.indexOf(KINDS_ANCHOR);
    if (at < 0) {
      throw new IllegalStateException("capacity.js lost its line \"" + KINDS_ANCHOR.strip() + "\"");
    }
    return script.substring(0, at) + parts + script.substring(at);
  }

  /** The per-step tables: steps, percentiles, delivery and, with a baseline, the deltas. */
  private static void tables(StringBuilder html, CapacityReport report) {
    html.append("<h2>Steps</h2>\n");
    table(html, StepTable.header(report), StepTable.rows(report));
    for (String note : OutputKinds.notes(report)) {
      html.append("<p class=\"caption kind\">").append(escape(note)).append("</p>\n");
    }
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
    if (report.recovery() != null) {
      html.append("<section id=\"recovery\"><h2>Launch spike, window by window</h2>\n")
          .append("<p class=\"caption\">Windows by request start, seconds from the burst's")
          .append(" start; in band: p50 and p95 TTFT both within the low-load band.</p>\n");
      table(html, RecoveryTable.HEADER, RecoveryTable.rows(report.recovery()));
      html.append("</section>\n");
    }
    if (report.baseline() != null) {
      html.append("<section id=\"baseline\"><h2>Against the baseline, step by step</h2>\n")
          .append("<p class=\"caption\">This run minus ")
          .append(escape(report.baseline().source()))
          .append("; a regression is a p50 up by more than max(10 ms, 20 %).</p>\n");
      table(
          html, StepDetailTables.BASELINE_HEADER, StepDetailTables.baselineRows(report.baseline()));
      html.append("</section>\n");
    }
  }

  /** The workload's lengths and, in conversations, the TTFT per turn; nothing without them. */
  private static void workload(StringBuilder html, CapacityReport report) {
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
  }

  static void table(StringBuilder html, List<String> header, List<List<String>> rows) {
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
