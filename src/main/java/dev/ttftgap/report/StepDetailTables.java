package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.LatencySummary;
import dev.ttftgap.analysis.LoadModel;
import dev.ttftgap.analysis.PreviousRunComparison;
import dev.ttftgap.analysis.StepStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The per-step figures the compact {@link StepTable} leaves out, for {@code capacity.html}: every
 * latency at p50 / p90 / p95 / p99, what each step delivered (throughput, goodput, output tokens/s)
 * with its Little's-law check, and, with a baseline, the deltas step by step.
 */
final class StepDetailTables {
  private static final List<String> METRICS = List.of("TTFB", "TTFT", "gap", "ITL", "TPOT", "e2e");
  private static final List<Function<StepStats, LatencySummary>> LATENCIES =
      List.of(
          s -> s.latencies().ttfb(),
          s -> s.latencies().ttft(),
          s -> s.latencies().gap(),
          s -> s.latencies().itl(),
          s -> s.latencies().tpot(),
          s -> s.latencies().e2e());

  private StepDetailTables() {}

  /** "step", the load column, then one column per metric. */
  static List<String> latencyHeader(CapacityReport report) {
    List<String> header = new ArrayList<>(List.of("step", loadColumn(report)));
    METRICS.forEach(m -> header.add(m + " ms"));
    return header;
  }

  /** Per step, each metric as "p50 / p90 / p95 / p99" in ms; "—" when undefined. */
  static List<List<String>> latencyRows(CapacityReport report) {
    List<List<String>> rows = new ArrayList<>();
    for (StepStats step : report.steps()) {
      List<String> row = new ArrayList<>(List.of(String.valueOf(step.step()), load(report, step)));
      for (Function<StepStats, LatencySummary> metric : LATENCIES) {
        row.add(percentiles(metric.apply(step)));
      }
      rows.add(row);
    }
    return rows;
  }

  /** "step", the load column, then rates, goodput, output tokens/s and Little's check. */
  static List<String> deliveryHeader(CapacityReport report) {
    return List.of(
        "step",
        loadColumn(report),
        "arrivals rps",
        "completions rps",
        "goodput rps",
        "output tokens/s",
        "L (measured)",
        "λ·W (Little)",
        "L − λ·W");
  }

  /** Per step: rates, goodput, output tokens/s, and L against λ·W. */
  static List<List<String>> deliveryRows(CapacityReport report) {
    return TextTable.rowsOf(
        report.steps(),
        step ->
            List.of(
                String.valueOf(step.step()),
                load(report, step),
                Fmt.num(step.rates().arrivalRate()),
                Fmt.num(step.rates().achievedRate()),
                Fmt.num(step.rates().goodputPerSec()),
                Fmt.num(step.rates().outputTokensPerSec()),
                Fmt.num(step.rates().meanConcurrency()),
                Fmt.num(step.rates().littleConcurrency()),
                step.rates().littleRelativeDifference() == null
                    ? Fmt.UNDEFINED
                    : Fmt.pct(100 * step.rates().littleRelativeDifference())));
  }

  static final List<String> BASELINE_HEADER =
      List.of(
          "step",
          "rate rps (baseline)",
          "TTFB p50 Δ ms",
          "TTFB p95 Δ ms",
          "gap p50 Δ ms",
          "gap p95 Δ ms",
          "regression");

  /** Per matched step, this run minus the baseline; "TTFB", "gap", both or none regressed. */
  static List<List<String>> baselineRows(PreviousRunComparison comparison) {
    List<List<String>> rows = new ArrayList<>();
    for (PreviousRunComparison.StepDelta delta : comparison.steps()) {
      List<String> regressions = new ArrayList<>();
      if (delta.ttfbRegression()) {
        regressions.add("TTFB");
      }
      if (delta.gapRegression()) {
        regressions.add("gap");
      }
      rows.add(
          List.of(
              String.valueOf(delta.step()),
              Fmt.num(delta.rate()) + " (" + Fmt.num(delta.baselineRate()) + ")",
              signed(delta.ttfbP50DeltaMillis()),
              signed(delta.ttfbP95DeltaMillis()),
              signed(delta.gapP50DeltaMillis()),
              signed(delta.gapP95DeltaMillis()),
              regressions.isEmpty() ? "none" : String.join(", ", regressions)));
    }
    return rows;
  }

  private static String signed(Double millis) {
    if (millis == null) {
      return Fmt.UNDEFINED;
    }
    String text = Fmt.msBare(millis);
    return millis > 0 ? "+" + text : text;
  }

  private static String percentiles(LatencySummary summary) {
    if (summary == null) {
      return Fmt.UNDEFINED;
    }
    return Fmt.msBare(summary.p50Millis())
        + " / "
        + Fmt.msBare(summary.p90Millis())
        + " / "
        + Fmt.msBare(summary.p95Millis())
        + " / "
        + Fmt.msBare(summary.p99Millis());
  }

  private static String loadColumn(CapacityReport report) {
    return report.loadModel() == LoadModel.CLOSED ? "users" : "rate rps";
  }

  private static String load(CapacityReport report, StepStats step) {
    if (report.loadModel() == LoadModel.CLOSED) {
      return step.concurrency() == null ? Fmt.UNDEFINED : String.valueOf(step.concurrency());
    }
    return Fmt.num(step.rate());
  }
}
