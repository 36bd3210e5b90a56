package dev.ttftgap.experiments;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.Fmt;
import dev.ttftgap.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The source articles' baseline: a few sequential rounds per model, the first dropped as warm-up,
 * median and p95 of TTFB, TTFT and gap, a verdict from the rules of thumb ({@link GapVerdict}) and
 * a stability line per model.
 *
 * <p>Stability: the gap is called unstable when its p95 exceeds {@value #UNSTABLE_P95_OVER_P50}×
 * its p50 (the source articles' "150 ms one time, 900 ms the next"), which points at server load or
 * network jitter rather than at the model. Worked example: gaps 120, 130, 140, 150 ms → p50 135 ms,
 * p95 148.5 ms → stable.
 *
 * <p>Parameters with defaults: {@code warmupRounds} = {@value
 * ExperimentSamples#DEFAULT_WARMUP_ROUNDS} per model.
 *
 * @param rows one per group, in order of first appearance
 * @param samples the records the rows come from, with the failures set aside
 */
public record BaselineTable(List<Row> rows, ExperimentSamples samples) implements ExperimentTable {
  static final double UNSTABLE_P95_OVER_P50 = 2.0;

  /** One model's figures. */
  public record Row(String model, LatencyStats stats, Optional<String> verdict) {}

  public BaselineTable {
    rows = List.copyOf(rows);
  }

  public static BaselineTable of(List<RequestRecord> records, int warmupRounds) {
    ExperimentSamples samples = ExperimentSamples.of(records, r -> r.input().model(), warmupRounds);
    List<Row> rows =
        samples.rows(
            (model, stats) -> new Row(model, stats, stats.gapP50Millis().map(GapVerdict::of)));
    return new BaselineTable(rows, samples);
  }

  /**
   * {@code "P50 vs P95 over 4 rounds: gap p50 140 ms, p95 210 ms → stable"}; empty when the model
   * has no gap sample.
   */
  public static Optional<String> stabilityLine(LatencyStats stats) {
    if (stats.gapP50Millis().isEmpty() || stats.gapP95Millis().isEmpty()) {
      return Optional.empty();
    }
    double p50 = stats.gapP50Millis().get();
    double p95 = stats.gapP95Millis().get();
    boolean unstable = p95 > UNSTABLE_P95_OVER_P50 * p50;
    return Optional.of(
        "P50 vs P95 over "
            + stats.samples()
            + " rounds: gap p50 "
            + Math.round(p50)
            + " ms, p95 "
            + Math.round(p95)
            + " ms → "
            + (unstable ? "unstable (p95 > 2× p50 points at server load)" : "stable"));
  }

  @Override
  public TextTable table() {
    TextTable table =
        new TextTable(
            TextTable.Layout.BARS,
            List.of(
                "model",
                "rounds",
                "TTFB p50",
                "TTFT p50",
                "gap p50",
                "TTFB p95",
                "TTFT p95",
                "gap p95",
                "verdict"));
    for (Row row : rows) {
      LatencyStats s = row.stats();
      table.row(
          List.of(
              row.model(),
              String.valueOf(s.samples()),
              Fmt.wholeMs(s.ttfbP50Millis().orElse(null)),
              Fmt.wholeMs(s.ttftP50Millis().orElse(null)),
              Fmt.wholeMs(s.gapP50Millis().orElse(null)),
              Fmt.wholeMs(s.ttfbP95Millis().orElse(null)),
              Fmt.wholeMs(s.ttftP95Millis().orElse(null)),
              Fmt.wholeMs(s.gapP95Millis().orElse(null)),
              row.verdict().orElse(Fmt.UNDEFINED)));
    }
    return table;
  }

  @Override
  public List<String> notes() {
    List<String> notes = new ArrayList<>();
    for (Row row : rows) {
      stabilityLine(row.stats()).ifPresent(line -> notes.add(row.model() + ": " + line));
    }
    notes.addAll(samples.closingNotes("model"));
    return notes;
  }

  @Override
  public String toString() {
    return toText();
  }
}
