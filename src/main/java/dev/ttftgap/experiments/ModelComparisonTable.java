package dev.ttftgap.experiments;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.TextTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The source articles' model comparison: two or more model ids, everything else identical, median
 * TTFB, TTFT and gap per model and the difference to the first model (the reference, first to
 * appear in the records). Worked example: 8B-like TTFT 305 ms, 14B-like 403 ms → "qwen3-14b-like is
 * +98 ms TTFT vs qwen3-8b-like (gap +97 ms, TTFB +1 ms)".
 *
 * <p>Parameters with defaults: {@code warmupRounds} = {@value
 * ExperimentSamples#DEFAULT_WARMUP_ROUNDS} per model.
 *
 * @param rows one per group, in order of first appearance
 * @param samples the records the rows come from, with the failures set aside
 */
public record ModelComparisonTable(List<Row> rows, ExperimentSamples samples)
    implements ExperimentTable {

  /** One model's figures. */
  public record Row(String model, LatencyStats stats) {}

  public ModelComparisonTable {
    rows = List.copyOf(rows);
  }

  public static ModelComparisonTable of(List<RequestRecord> records, int warmupRounds) {
    ExperimentSamples samples = ExperimentSamples.of(records, r -> r.input().model(), warmupRounds);
    return new ModelComparisonTable(samples.rows(Row::new), samples);
  }

  /**
   * One line per model after the first: {@code "qwen3-14b-like is +98 ms TTFT vs qwen3-8b-like (gap
   * +97 ms, TTFB +1 ms)"}.
   */
  public List<String> differenceLines() {
    List<String> lines = new ArrayList<>();
    if (rows.isEmpty()) {
      return lines;
    }
    Row reference = rows.get(0);
    for (Row row : rows.subList(1, rows.size())) {
      lines.add(
          row.model()
              + " is "
              + LatencyStats.difference(row.stats(), reference.stats(), LatencyStats::ttftP50Millis)
              + " TTFT vs "
              + reference.model()
              + " (gap "
              + LatencyStats.difference(row.stats(), reference.stats(), LatencyStats::gapP50Millis)
              + ", TTFB "
              + LatencyStats.difference(row.stats(), reference.stats(), LatencyStats::ttfbP50Millis)
              + ")");
    }
    return lines;
  }

  @Override
  public TextTable table() {
    return MediansVsFirstTable.of(
        "model", rows.isEmpty() ? "first" : rows.get(0).model(), rows, Row::model, Row::stats);
  }

  @Override
  public List<String> notes() {
    List<String> notes = new ArrayList<>(differenceLines());
    notes.addAll(samples.closingNotes("model"));
    return notes;
  }

  @Override
  public String toString() {
    return toText();
  }
}
