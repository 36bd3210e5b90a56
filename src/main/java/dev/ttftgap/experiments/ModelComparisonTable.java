package dev.ttftgap.experiments;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The seeds' model comparison: two or more model ids, everything else identical, median TTFB, TTFT
 * and gap per model and the difference to the first model (the reference, first to appear in the
 * records). Worked example: 8B-like TTFT 305 ms, 14B-like 403 ms → "qwen3-14b-like is +98 ms TTFT
 * vs qwen3-8b-like (gap +97 ms, TTFB +1 ms)".
 *
 * <p>Parameters with defaults: {@code warmupRounds} = {@value
 * ExperimentSamples#DEFAULT_WARMUP_ROUNDS} per model.
 */
public final class ModelComparisonTable {

  /** One model's figures. */
  public record Row(String model, LatencyStats stats) {}

  private final List<Row> rows;
  private final ExperimentSamples samples;

  private ModelComparisonTable(List<Row> rows, ExperimentSamples samples) {
    this.rows = List.copyOf(rows);
    this.samples = samples;
  }

  public static ModelComparisonTable of(List<RequestRecord> records) {
    return of(records, ExperimentSamples.DEFAULT_WARMUP_ROUNDS);
  }

  public static ModelComparisonTable of(List<RequestRecord> records, int warmupRounds) {
    ExperimentSamples samples = ExperimentSamples.of(records, RequestRecord::model, warmupRounds);
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, List<RequestRecord>> group : samples.groups().entrySet()) {
      rows.add(new Row(group.getKey(), LatencyStats.of(group.getValue())));
    }
    return new ModelComparisonTable(rows, samples);
  }

  public List<Row> rows() {
    return rows;
  }

  public ExperimentSamples samples() {
    return samples;
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
              + Cells.signedMillis(row.stats().ttftP50Millis(), reference.stats().ttftP50Millis())
              + " TTFT vs "
              + reference.model()
              + " (gap "
              + Cells.signedMillis(row.stats().gapP50Millis(), reference.stats().gapP50Millis())
              + ", TTFB "
              + Cells.signedMillis(row.stats().ttfbP50Millis(), reference.stats().ttfbP50Millis())
              + ")");
    }
    return lines;
  }

  private TextTable table() {
    String reference = rows.isEmpty() ? "first" : rows.get(0).model();
    TextTable table =
        new TextTable(
            List.of(
                "model",
                "samples",
                "prompt tokens",
                "TTFB p50",
                "TTFT p50",
                "gap p50",
                "TTFT vs " + reference,
                "gap vs " + reference));
    for (Row row : rows) {
      LatencyStats s = row.stats();
      LatencyStats r = rows.get(0).stats();
      boolean isReference = row == rows.get(0);
      table.row(
          List.of(
              row.model(),
              String.valueOf(s.samples()),
              Cells.count(s.promptTokensP50()),
              Cells.millis(s.ttfbP50Millis()),
              Cells.millis(s.ttftP50Millis()),
              Cells.millis(s.gapP50Millis()),
              isReference ? Cells.NONE : Cells.signedMillis(s.ttftP50Millis(), r.ttftP50Millis()),
              isReference ? Cells.NONE : Cells.signedMillis(s.gapP50Millis(), r.gapP50Millis())));
    }
    return table;
  }

  private List<String> notes() {
    List<String> notes = new ArrayList<>(differenceLines());
    notes.add(samples.warmupNote("model"));
    if (!samples.failureFooter().isEmpty()) {
      notes.add(samples.failureFooter());
    }
    return notes;
  }

  public String toText() {
    return table().toText() + String.join("\n", notes()) + "\n";
  }

  public String toMarkdown() {
    StringBuilder out = new StringBuilder(table().toMarkdown()).append('\n');
    for (String note : notes()) {
      out.append("- ").append(note).append('\n');
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return toText();
  }
}
