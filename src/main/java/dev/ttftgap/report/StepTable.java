package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.LatencySummary;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.StepStats;
import java.util.ArrayList;
import java.util.List;

/**
 * The compact step table (header + one row per step) shared by the text renderers. A closed run's
 * second column is the step's concurrency instead of its rate: that is the load it applied (its
 * measured arrival rate follows the completions and is in {@code capacity.json}). The last column,
 * "queue at", says where the step's TTFT growth sits: before the headers, after them, both, or none
 * (TTFT within its low-load band).
 */
final class StepTable {
  static final List<String> HEADER =
      List.of(
          "step",
          "rate rps",
          "achieved rps",
          "L",
          "errors",
          "TTFB p50/p95 ms",
          "gap p50/p95 ms",
          "TTFT p95 ms",
          "ITL p50/p99 ms",
          "e2e p95 ms",
          "queueing",
          "steady",
          "queue at");

  private StepTable() {}

  /** Where the per-kind first-token columns go: after TTFT p95. */
  private static final int KINDS_AT = HEADER.indexOf("TTFT p95 ms") + 1;

  /**
   * The header for {@code report}: "users" instead of "rate rps" in a closed run, and a p95 column
   * per first-token kind the run had ({@link OutputKinds#shown}; none in a plain chat run).
   */
  static List<String> header(CapacityReport report) {
    List<OutputKinds.Kind> kinds = OutputKinds.shown(report);
    if (report.loadModel() != LoadModel.CLOSED && kinds.isEmpty()) {
      return HEADER;
    }
    List<String> header = new ArrayList<>(HEADER);
    if (report.loadModel() == LoadModel.CLOSED) {
      header.set(1, "users");
    }
    header.addAll(KINDS_AT, kinds.stream().map(OutputKinds.Kind::column).toList());
    return List.copyOf(header);
  }

  static List<List<String>> rows(CapacityReport report) {
    List<List<String>> rows = new ArrayList<>();
    boolean closed = report.loadModel() == LoadModel.CLOSED;
    List<OutputKinds.Kind> kinds = OutputKinds.shown(report);
    for (StepStats step : report.steps()) {
      List<String> row =
          new ArrayList<>(
              List.of(
                  String.valueOf(step.step()),
                  closed ? concurrency(step) : Fmt.num(step.rate()),
                  Fmt.num(step.rates().achievedRate()),
                  Fmt.num(step.rates().meanConcurrency()),
                  Fmt.pct(step.counts().errorRatePercent()),
                  p50AndP95(step.latencies().ttfb()),
                  p50AndP95(step.latencies().gap()),
                  step.latencies().ttft() == null
                      ? Fmt.UNDEFINED
                      : Fmt.msBare(step.latencies().ttft().p95Millis()),
                  step.latencies().itl() == null
                      ? Fmt.UNDEFINED
                      : Fmt.msBare(step.latencies().itl().p50Millis())
                          + " / "
                          + Fmt.msBare(step.latencies().itl().p99Millis()),
                  step.latencies().e2e() == null
                      ? Fmt.UNDEFINED
                      : Fmt.msBare(step.latencies().e2e().p95Millis()),
                  Fmt.pct(step.queueing().queueingSharePercent()),
                  steady(step),
                  QueueLocationSentences.cell(report, step.step())));
      row.addAll(KINDS_AT, kinds.stream().map(k -> OutputKinds.p95Cell(step, k)).toList());
      rows.add(List.copyOf(row));
    }
    return rows;
  }

  /** "yes", "no", or "—" when the step had too few requests to judge. */
  private static String steady(StepStats step) {
    if (step.steadyState() == null) {
      return Fmt.UNDEFINED;
    }
    return step.steadyState().steady() ? "yes" : "no";
  }

  private static String concurrency(StepStats step) {
    return step.concurrency() == null ? Fmt.UNDEFINED : String.valueOf(step.concurrency());
  }

  /** "p50 / p95" in ms without the unit, "—" for an undefined summary. */
  static String p50AndP95(LatencySummary summary) {
    return summary == null
        ? Fmt.UNDEFINED
        : Fmt.msBare(summary.p50Millis()) + " / " + Fmt.msBare(summary.p95Millis());
  }
}
