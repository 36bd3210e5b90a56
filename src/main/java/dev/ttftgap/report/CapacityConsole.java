package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import java.util.List;

/**
 * The console summary printed after Gatling's own: the tables (steps, the server's view, lengths by
 * step, one per request class when the run had classes), then the verdicts, last, so that they are
 * what the user reads when the run returns.
 */
public final class CapacityConsole {
  private CapacityConsole() {}

  public static String render(CapacityReport report) {
    StringBuilder out = new StringBuilder("---- capacity: TTFT − TTFB gap by load step ");
    out.append("-".repeat(Math.max(4, 80 - out.length()))).append('\n');
    aligned(out, StepTable.header(report), StepTable.rows(report));
    if (ServerTable.present(report)) {
      out.append("---- the server's view (")
          .append(report.serverMetrics().vendor())
          .append(" /metrics; quantiles interpolated in its buckets; means in ms) ----\n");
      aligned(out, ServerTable.HEADER, ServerTable.rows(report));
    }
    workloadTables(out, report);
    for (var cls : ClassTables.classes(report)) {
      out.append("\nrequest class ").append(ClassTables.title(cls)).append(":\n");
      aligned(out, ClassTables.HEADER, ClassTables.rows(report, cls));
    }
    out.append('\n');
    for (String sentence : VerdictSentences.of(report)) {
      out.append("> ").append(sentence).append('\n');
    }
    if (WorkloadTables.present(report)) {
      String sentence = WorkloadTables.sentences(report);
      if (!sentence.isEmpty()) {
        out.append("> ").append(sentence).append('\n');
      }
    }
    return out.toString();
  }

  /** Lengths asked vs received per step, and TTFT per turn when multi-turn. */
  private static void workloadTables(StringBuilder out, CapacityReport report) {
    if (!WorkloadTables.present(report)) {
      return;
    }
    out.append("\nlengths by step (tokens):\n");
    aligned(out, WorkloadTables.lengthsHeader(report), WorkloadTables.lengthRows(report));
    if (!report.workload().turns().isEmpty()) {
      out.append("\nTTFT by conversation turn:\n");
      aligned(out, WorkloadTables.TURNS_HEADER, WorkloadTables.turnRows(report));
    }
  }

  /** Numbers right-aligned, the first column too: steps line up. */
  private static void aligned(StringBuilder out, List<String> header, List<List<String>> rows) {
    out.append(new TextTable(TextTable.Layout.STEPS, header).rows(rows).toText());
  }
}
