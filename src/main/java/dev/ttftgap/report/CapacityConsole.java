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
    int columns = StepTable.header(report).size();
    int[] widths = new int[columns];
    for (List<String> row : table) {
      for (int i = 0; i < columns; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder("---- capacity: TTFT − TTFB gap by load step ");
    out.append("-".repeat(Math.max(4, 80 - out.length()))).append('\n');
    for (int r = 0; r < table.size(); r++) {
      List<String> row = table.get(r);
      for (int i = 0; i < columns; i++) {
        String cell = row.get(i);
        // numbers right-aligned, the first column too: steps line up
        out.append(" ".repeat(widths[i] - cell.length())).append(cell);
        out.append(i + 1 < columns ? "  " : "\n");
      }
    }
    out.append('\n');
    for (String sentence : VerdictSentences.of(report)) {
      out.append("> ").append(sentence).append('\n');
    }
    return out.toString();
  }
}
