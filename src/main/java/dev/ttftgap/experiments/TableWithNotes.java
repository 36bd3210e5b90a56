package dev.ttftgap.experiments;

import java.util.List;

/**
 * A finished table and the notes printed under it, as plain text (notes one a line) or as markdown
 * (notes as a bullet list after a blank line). Formatting only: the experiment tables decide what
 * the rows and notes say.
 */
record TableWithNotes(TextTable table, List<String> notes) {

  TableWithNotes {
    notes = List.copyOf(notes);
  }

  String toText() {
    return table.toText() + String.join("\n", notes) + "\n";
  }

  String toMarkdown() {
    StringBuilder out = new StringBuilder(table.toMarkdown()).append('\n');
    for (String note : notes) {
      out.append("- ").append(note).append('\n');
    }
    return out.toString();
  }
}
