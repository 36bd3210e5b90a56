package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import java.util.ArrayList;
import java.util.List;

/** The console summary printed after Gatling's own: a short step table, then the verdicts. */
public final class CapacityConsole {
  private CapacityConsole() {}

  public static String render(CapacityReport report) {
    List<List<String>> table = new ArrayList<>();
    table.add(StepTable.header(report));
    table.addAll(StepTable.rows(report));
    StringBuilder out = new StringBuilder("---- capacity: TTFT − TTFB gap by load step ");
    out.append("-".repeat(Math.max(4, 80 - out.length()))).append('\n');
    aligned(out, table);
    if (ServerTable.present(report)) {
      List<List<String>> server = new ArrayList<>();
      server.add(ServerTable.HEADER);
      server.addAll(ServerTable.rows(report));
      out.append("---- the server's view (")
          .append(report.serverMetrics().vendor())
          .append(" /metrics; quantiles interpolated in its buckets; means in ms) ----\n");
      aligned(out, server);
    }
    out.append('\n');
    for (String sentence : VerdictSentences.of(report)) {
      out.append("> ").append(sentence).append('\n');
    }
    workload(out, report);
    return out.toString();
  }

  /** The prompt mode, lengths asked vs received per step, and TTFT per turn when multi-turn. */
  private static void workload(StringBuilder out, CapacityReport report) {
    if (!WorkloadTables.present(report)) {
      return;
    }
    String sentence = WorkloadTables.sentences(report);
    if (!sentence.isEmpty()) {
      out.append("> ").append(sentence).append('\n');
    }
    out.append("\nlengths by step (tokens):\n");
    List<List<String>> lengths = new ArrayList<>();
    lengths.add(WorkloadTables.LENGTHS_HEADER);
    lengths.addAll(WorkloadTables.lengthRows(report));
    aligned(out, lengths);
    if (!report.workload().turns().isEmpty()) {
      out.append("\nTTFT by conversation turn:\n");
      List<List<String>> turns = new ArrayList<>();
      turns.add(WorkloadTables.TURNS_HEADER);
      turns.addAll(WorkloadTables.turnRows(report));
      aligned(out, turns);
    }
  }

  private static void aligned(StringBuilder out, List<List<String>> table) {
    int columns = table.get(0).size();
    int[] widths = new int[columns];
    for (List<String> row : table) {
      for (int i = 0; i < columns; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    for (List<String> row : table) {
      for (int i = 0; i < columns; i++) {
        String cell = row.get(i);
        // numbers right-aligned, the first column too: steps line up
        out.append(" ".repeat(widths[i] - cell.length())).append(cell);
        out.append(i + 1 < columns ? "  " : "\n");
      }
    }
  }
}
