package dev.ttftgap.experiments;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.Fmt;
import dev.ttftgap.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The source articles' prompt-length experiment: the same model with prompts of different lengths,
 * one group per {@code stepLabel} (e.g. "short prompt (20 chars)", "long prompt (2000 chars)"),
 * medians of TTFB, TTFT and gap, the difference to the first group, and a verdict comparing the
 * last group with the first.
 *
 * <p>Algorithm overview: TTFB is "flat" when it moved by at most max({@value #FLAT_PERCENT}% of the
 * first group's TTFB, {@value #NOISE_MILLIS} ms) (shown in percent, or in ms below a 50 ms TTFB);
 * the gap "grew" when it rose by more than the same bound on the first gap. Flat TTFB + grown gap →
 * "prefill dominates the gap" (what the source articles expect from a server that sends headers at
 * acceptance); grown TTFB + flat gap → the server holds its headers until the first token; both
 * flat → no measurable prefill cost. Worked example: TTFB 180 → 182 ms (+1%, flat), TTFT 320 → 610
 * ms, gap 140 → 428 ms → "TTFB flat (+1%), TTFT +290 ms, gap +288 ms: prefill dominates the gap".
 *
 * <p>Parameters with defaults: {@code warmupRounds} = {@value
 * ExperimentSamples#DEFAULT_WARMUP_ROUNDS} per group.
 *
 * @param rows one per group, in order of first appearance
 * @param samples the records the rows come from, with the failures set aside
 */
public record PromptLengthTable(List<Row> rows, ExperimentSamples samples)
    implements ExperimentTable {
  static final int FLAT_PERCENT = 10;
  static final double NOISE_MILLIS = 5;

  /** One prompt length's figures. */
  public record Row(String label, LatencyStats stats) {}

  public PromptLengthTable {
    rows = List.copyOf(rows);
  }

  public static PromptLengthTable of(List<RequestRecord> records, int warmupRounds) {
    ExperimentSamples samples =
        ExperimentSamples.of(records, r -> r.level().stepLabel(), warmupRounds);
    return new PromptLengthTable(samples.rows(Row::new), samples);
  }

  /**
   * {@code "long prompt (2000 chars) vs short prompt (20 chars): TTFB flat (+1%), TTFT +290 ms, gap
   * +288 ms: prefill dominates the gap"}; empty with fewer than two groups with figures.
   */
  public Optional<String> verdict() {
    List<Row> measured =
        rows.stream()
            .filter(r -> r.stats().ttfbP50Millis().isPresent())
            .filter(r -> r.stats().gapP50Millis().isPresent())
            .toList();
    if (measured.size() < 2) {
      return Optional.empty();
    }
    LatencyStats first = measured.get(0).stats();
    LatencyStats last = measured.get(measured.size() - 1).stats();
    double ttfbFirst = first.ttfbP50Millis().get();
    double ttfbDelta = last.ttfbP50Millis().get() - ttfbFirst;
    double gapFirst = first.gapP50Millis().get();
    double gapDelta = last.gapP50Millis().get() - gapFirst;
    boolean ttfbFlat = Math.abs(ttfbDelta) <= bound(ttfbFirst);
    boolean gapGrew = gapDelta > bound(gapFirst);
    // below 50 ms (loopback) a percentage of TTFB says nothing; the change in ms does
    String change =
        FLAT_PERCENT / 100.0 * ttfbFirst >= NOISE_MILLIS
            ? Fmt.signedPercent(ttfbDelta / ttfbFirst)
            : Fmt.signedWholeMs(ttfbDelta);
    String ttfbText =
        ttfbFlat
            ? "TTFB flat (" + change + ")"
            : "TTFB "
                + Fmt.signedWholeMs(ttfbDelta)
                + " ("
                + Fmt.signedPercent(ttfbDelta / ttfbFirst)
                + ")";
    String meaning;
    if (ttfbFlat && gapGrew) {
      meaning = "prefill dominates the gap";
    } else if (!ttfbFlat && ttfbDelta > 0 && !gapGrew) {
      meaning =
          "the longer prompt shows in TTFB, not in the gap: the server holds its headers until the"
              + " first token (or the upload is slow)";
    } else if (!ttfbFlat && ttfbDelta > 0) {
      meaning = "prefill shows in the gap, and TTFB grew too (upload time or headers held)";
    } else if (gapGrew) {
      meaning = "prefill shows in the gap; TTFB fell (network noise)";
    } else {
      meaning = "no measurable prefill cost (prefix cache hit, or prompts too close in length)";
    }
    return Optional.of(
        measured.get(measured.size() - 1).label()
            + " vs "
            + measured.get(0).label()
            + ": "
            + ttfbText
            + ", TTFT "
            + LatencyStats.difference(last, first, LatencyStats::ttftP50Millis)
            + ", gap "
            + Fmt.signedWholeMs(gapDelta)
            + ": "
            + meaning);
  }

  private static double bound(double reference) {
    return Math.max(FLAT_PERCENT / 100.0 * reference, NOISE_MILLIS);
  }

  @Override
  public TextTable table() {
    return MediansVsFirstTable.of("prompt", "first", rows, Row::label, Row::stats);
  }

  @Override
  public List<String> notes() {
    List<String> notes = new ArrayList<>();
    verdict().ifPresent(notes::add);
    notes.addAll(samples.closingNotes("prompt length"));
    return notes;
  }

  @Override
  public String toString() {
    return toText();
  }
}
