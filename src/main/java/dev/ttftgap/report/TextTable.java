package dev.ttftgap.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A header and rows of finished cell strings, rendered as aligned plain text or as a GitHub
 * markdown table. Formatting only: callers format the cells (with {@link Fmt}).
 *
 * <p>Two layouts. {@link Layout#STEPS} (the capacity report's tables): every column right-aligned,
 * so step numbers and figures line up, columns two spaces apart, a plain markdown rule. {@link
 * Layout#BARS} (the experiment tables): columns separated by {@code " | "}, the first column and
 * text columns left-aligned, a column whose cells all start with a number, a sign or {@link
 * Fmt#UNDEFINED} right-aligned (and marked {@code ---:} in markdown), trailing spaces dropped.
 *
 * <pre>{@code
 * new TextTable(TextTable.Layout.BARS, List.of("model", "TTFB"))
 *     .row(List.of("a", "180 ms"))
 *     .row(List.of("bbbbbbb", "9 ms"))
 *     .toText();
 * // model   |   TTFB
 * // a       | 180 ms
 * // bbbbbbb |   9 ms
 * }</pre>
 */
public final class TextTable {
  /** How the columns are aligned and separated. */
  public enum Layout {
    STEPS,
    BARS
  }

  private final Layout layout;
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  /** The cells of one row per item, in the items' order: a table's body from its data. */
  public static <T> List<List<String>> rowsOf(
      List<T> items, Function<? super T, List<String>> row) {
    return items.stream().map(row).toList();
  }

  public TextTable(Layout layout, List<String> header) {
    this.layout = layout;
    this.header = List.copyOf(header);
  }

  /** Adds a row; it must have as many cells as the header. */
  public TextTable row(List<String> cells) {
    if (cells.size() != header.size()) {
      throw new IllegalArgumentException(
          "row has " + cells.size() + " cells, header " + header.size());
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  /** Adds each of {@code rows}. */
  public TextTable rows(List<List<String>> rows) {
    rows.forEach(this::row);
    return this;
  }

  public String toText() {
    int[] widths = new int[header.size()];
    for (List<String> line : all()) {
      for (int i = 0; i < line.size(); i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    String separator = layout == Layout.BARS ? " | " : "  ";
    StringBuilder out = new StringBuilder();
    for (List<String> line : all()) {
      for (int i = 0; i < line.size(); i++) {
        String cell = line.get(i);
        String pad = " ".repeat(widths[i] - cell.length());
        out.append(i == 0 ? "" : separator).append(rightAligned(i) ? pad + cell : cell + pad);
      }
      out.append('\n');
    }
    return layout == Layout.BARS ? out.toString().replaceAll(" +\n", "\n") : out.toString();
  }

  public String toMarkdown() {
    StringBuilder out = new StringBuilder();
    out.append(markdownLine(header));
    StringBuilder rule = new StringBuilder("|");
    for (int i = 0; i < header.size(); i++) {
      rule.append(layout == Layout.BARS && rightAligned(i) ? " ---: |" : " --- |");
    }
    out.append(rule).append('\n');
    for (List<String> row : rows) {
      out.append(markdownLine(row));
    }
    return out.toString();
  }

  private boolean rightAligned(int column) {
    if (layout == Layout.STEPS) {
      return true;
    }
    return column > 0
        && rows.stream()
            .allMatch(row -> row.get(column).matches("^[+−-]?[0-9" + Fmt.UNDEFINED + "].*"));
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
