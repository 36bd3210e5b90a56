package dev.ttftgap.experiments;

import dev.ttftgap.report.Fmt;
import dev.ttftgap.report.TextTable;
import java.util.List;
import java.util.function.Function;

/**
 * The table the model-comparison and prompt-length experiments share: per group the sample count,
 * median prompt tokens, median TTFB, TTFT and gap, and the TTFT and gap differences to the first
 * group ("—" in the first group's own row). Worked example: first group TTFT p50 305 ms, second 403
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
            TextTable.Layout.BARS,
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
              Fmt.count(s.promptTokensP50().orElse(null)),
              Fmt.wholeMs(s.ttfbP50Millis().orElse(null)),
              Fmt.wholeMs(s.ttftP50Millis().orElse(null)),
              Fmt.wholeMs(s.gapP50Millis().orElse(null)),
              isFirst
                  ? Fmt.UNDEFINED
                  : LatencyStats.difference(s, first, LatencyStats::ttftP50Millis),
              isFirst
                  ? Fmt.UNDEFINED
                  : LatencyStats.difference(s, first, LatencyStats::gapP50Millis)));
    }
    return table;
  }
}
