package dev.ttftgap.experiments;

import java.util.List;
import java.util.function.Function;

/**
 * The table the model-comparison and prompt-length experiments share: per group the sample count,
 * median prompt tokens, median TTFB, TTFT and gap, and the TTFT and gap differences to the first
 * group ("–" in the first group's own row). Worked example: first group TTFT p50 305 ms, second 403
 * ms → the second row shows "+98 ms" under "TTFT vs &lt;first&gt;".
 */
final class MediansVsFirstTable {
  private MediansVsFirstTable() {}

  /**
   * @param groupColumn header of the first column ("model", "prompt")
   * @param firstName how the difference headers name the first group ("TTFT vs " + firstName)
   * @param rows one per group, the first is the reference
   */
  static <R> TextTable of(
      String groupColumn,
      String firstName,
      List<R> rows,
      Function<R, String> group,
      Function<R, LatencyStats> stats) {
    TextTable table =
        new TextTable(
            List.of(
                groupColumn,
                "samples",
                "prompt tokens",
                "TTFB p50",
                "TTFT p50",
                "gap p50",
                "TTFT vs " + firstName,
                "gap vs " + firstName));
    for (int i = 0; i < rows.size(); i++) {
      LatencyStats s = stats.apply(rows.get(i));
      LatencyStats first = stats.apply(rows.get(0));
      boolean isFirst = i == 0;
      table.row(
          List.of(
              group.apply(rows.get(i)),
              String.valueOf(s.samples()),
              Cells.count(s.promptTokensP50()),
              Cells.millis(s.ttfbP50Millis()),
              Cells.millis(s.ttftP50Millis()),
              Cells.millis(s.gapP50Millis()),
              isFirst ? Cells.NONE : Cells.signedMillis(s.ttftP50Millis(), first.ttftP50Millis()),
              isFirst ? Cells.NONE : Cells.signedMillis(s.gapP50Millis(), first.gapP50Millis())));
    }
    return table;
  }
}
