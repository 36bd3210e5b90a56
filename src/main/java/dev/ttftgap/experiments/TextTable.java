package dev.ttftgap.experiments;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a header and rows as aligned plain text or as a GitHub markdown table. The first column
 * and text columns are left-aligned; a column whose cells all start with a number, a sign or "–" is
 * right-aligned. Formatting only: callers pass finished cell strings.
 */
final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  TextTable(List<String> header) {
    this.header = List.copyOf(header);
  }

  TextTable row(List<String> cells) {
    if (cells.size() != header.size()) {
      throw new IllegalArgumentException(
          "row has " + cells.size() + " cells, header " + header.size());
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  String toText() {
    int[] widths = new int[header.size()];
    for (List<String> line : all()) {
      for (int i = 0; i < line.size(); i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> line : all()) {
      for (int i = 0; i < line.size(); i++) {
        String cell = line.get(i);
        String pad = " ".repeat(widths[i] - cell.length());
        out.append(i == 0 ? "" : " | ").append(numeric(i) ? pad + cell : cell + pad);
      }
      out.append('\n');
    }
    return out.toString().replaceAll(" +\n", "\n");
  }

  String toMarkdown() {
    StringBuilder out = new StringBuilder();
    out.append(markdownLine(header));
    StringBuilder rule = new StringBuilder("|");
    for (int i = 0; i < header.size(); i++) {
      rule.append(numeric(i) ? " ---: |" : " --- |");
    }
    out.append(rule).append('\n');
    for (List<String> row : rows) {
      out.append(markdownLine(row));
    }
    return out.toString();
  }

  private boolean numeric(int column) {
    return column > 0 && rows.stream().allMatch(row -> row.get(column).matches("^[+−-]?[0-9–].*"));
  }

  private List<List<String>> all() {
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    return all;
  }

  private static String markdownLine(List<String> cells) {
    StringBuilder line = new StringBuilder("|");
    for (String cell : cells) {
      line.append(' ').append(cell.replace("|", "\\|")).append(" |");
    }
    return line.append('\n').toString();
  }
}
