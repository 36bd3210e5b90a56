package dev.ttftgap.experiments;

import dev.ttftgap.report.TextTable;
import java.util.List;

/**
 * What the experiment tables print: a finished table and the notes under it, as plain text (notes
 * one a line) or as markdown (notes as a bullet list after a blank line). Formatting only: each
 * table decides what its rows and notes say. (A record cannot take {@code toString} from an
 * interface, so each table's {@code toString} returns {@link #toText()}.)
 */
interface ExperimentTable {
  /** The rows, as {@link TextTable.Layout#BARS}. */
  TextTable table();

  /** The lines under the table: verdicts, stability lines, the warm-up and failure notes. */
  List<String> notes();

  default String toText() {
    return table().toText() + String.join("\n", notes()) + "\n";
  }

  default String toMarkdown() {
    StringBuilder out = new StringBuilder(table().toMarkdown()).append('\n');
    for (String note : notes()) {
      out.append("- ").append(note).append('\n');
    }
    return out.toString();
  }
}
