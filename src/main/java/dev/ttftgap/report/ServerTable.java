package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.GapDecomposition;
import dev.ttftgap.analysis.ServerStepMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's view per step as a table, shared by the console and {@code capacity.md}: its waiting
 * and running requests, its queue time (quantiles interpolated in the histogram's buckets) and
 * where the client's mean TTFT went (TTFB + queue + prefill + rest, ms). The {@code scraped} column
 * gives the scrapes taken of those expected; a step whose metrics went dark reads {@code dark} and
 * shows no server figure (the client's TTFT and TTFB stay, and the queue and prefill the streams
 * themselves carried, when they did).
 */
final class ServerTable {
  static final List<String> HEADER =
      List.of(
          "step",
          "scraped",
          "waiting mean/max",
          "running",
          "queue p50/p95 ms",
          "TTFT mean",
          "= TTFB",
          "+ queue",
          "+ prefill",
          "+ rest");

  private ServerTable() {}

  /** True when the report has a server view with steps. */
  static boolean present(CapacityReport report) {
    return report.serverMetrics() != null && !report.serverMetrics().steps().isEmpty();
  }

  static List<List<String>> rows(CapacityReport report) {
    List<List<String>> rows = new ArrayList<>();
    for (ServerStepMetrics s : report.serverMetrics().steps()) {
      GapDecomposition d = s.decomposition();
      rows.add(
          List.of(
              String.valueOf(s.step()),
              s.scrapes() + " / " + s.scrapesExpected() + (s.dark() ? " dark" : ""),
              s.dark() ? "dark" : Fmt.num(s.waitingMean()) + " / " + Fmt.num(s.waitingMax()),
              Fmt.num(s.runningMean()),
              Fmt.msBare(s.queueTimeP50Millis()) + " / " + Fmt.msBare(s.queueTimeP95Millis()),
              Fmt.msBare(d.ttftMeanMillis()),
              Fmt.msBare(d.ttfbMeanMillis()),
              Fmt.msBare(d.serverQueueMeanMillis()),
              Fmt.msBare(d.prefillMeanMillis()),
              Fmt.msBare(d.restMillis())));
    }
    return rows;
  }
}
