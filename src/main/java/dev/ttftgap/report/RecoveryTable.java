package dev.ttftgap.report;

import dev.ttftgap.analysis.RecoveryVerdict;
import dev.ttftgap.analysis.RecoveryWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * A launch spike's short windows as a table, for the markdown and HTML reports: when each window
 * starts (seconds from the burst's start; negative before it), its requests, p50 and p95 TTFT, the
 * most requests in flight at once, the server's waiting requests ("—" where none was scraped, never
 * 0) and whether it is within the low-load band.
 */
final class RecoveryTable {
  static final List<String> HEADER =
      List.of(
          "window from s",
          "phase",
          "requests",
          "TTFT p50 ms",
          "TTFT p95 ms",
          "in flight max",
          "server waiting",
          "in band");

  private RecoveryTable() {}

  static List<List<String>> rows(RecoveryVerdict verdict) {
    List<List<String>> rows = new ArrayList<>();
    for (RecoveryWindow window : verdict.windows()) {
      rows.add(
          List.of(
              Fmt.num(window.startSeconds()),
              phase(window, verdict),
              String.valueOf(window.requests()),
              Fmt.msBare(window.ttftP50Millis()),
              Fmt.msBare(window.ttftP95Millis()),
              String.valueOf(window.inFlightMax()),
              Fmt.num(window.serverWaiting()),
              window.inBand() ? "yes" : "no"));
    }
    return rows;
  }

  /** "before", "burst" or "after", by the window's start. */
  private static String phase(RecoveryWindow window, RecoveryVerdict verdict) {
    if (window.startSeconds() < 0) {
      return "before";
    }
    return window.startSeconds() < verdict.plan().burstSeconds() ? "burst" : "after";
  }
}
