package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.PreviousRunComparison;
import dev.ttftgap.analysis.StepStats;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepDetailTablesTest {
  @Test
  void everyLatencyHasItsFourPercentilesPerStep() {
    CapacityReport report = Synthetic.risingRate();

    List<List<String>> rows = StepDetailTables.latencyRows(report);

    assertThat(StepDetailTables.latencyHeader(report))
        .containsExactly(
            "step", "rate rps", "TTFB ms", "TTFT ms", "gap ms", "ITL ms", "TPOT ms", "e2e ms");
    assertThat(rows).as("one row per step").hasSize(report.steps().size());
    StepStats first = report.steps().get(0);
    assertThat(rows.get(0).get(6))
        .as("step 1's TPOT p50 / p90 / p95 / p99")
        .isEqualTo(
            Fmt.msBare(first.latencies().tpot().p50Millis())
                + " / "
                + Fmt.msBare(first.latencies().tpot().p90Millis())
                + " / "
                + Fmt.msBare(first.latencies().tpot().p95Millis())
                + " / "
                + Fmt.msBare(first.latencies().tpot().p99Millis()));
  }

  @Test
  void deliveryRowsGiveGoodputTokensAndLittlesCheck() {
    CapacityReport report = Synthetic.risingRate();
    StepStats first = report.steps().get(0);

    List<String> row = StepDetailTables.deliveryRows(report).get(0);

    assertThat(row.get(4)).as("goodput").isEqualTo(Fmt.num(first.rates().goodputPerSec()));
    assertThat(row.get(5))
        .as("output tokens/s")
        .isEqualTo(Fmt.num(first.rates().outputTokensPerSec()));
    assertThat(row.get(8))
        .as("L − λ·W relative")
        .isEqualTo(Fmt.pct(100 * first.rates().littleRelativeDifference()));
  }

  @Test
  void aClosedRunsTablesNameItsUsers() {
    CapacityReport closed = Synthetic.closedConcurrency();

    assertThat(StepDetailTables.latencyHeader(closed).get(1)).isEqualTo("users");
    assertThat(StepDetailTables.deliveryHeader(closed).get(1)).isEqualTo("users");
    assertThat(StepDetailTables.latencyRows(closed).get(0).get(1))
        .isEqualTo(String.valueOf(closed.steps().get(0).concurrency()));
  }

  @Test
  void baselineRowsAreSignedDeltasWithTheRegressionsNamed() {
    PreviousRunComparison comparison =
        new PreviousRunComparison(
            "previous/capacity.json",
            List.of(
                new PreviousRunComparison.StepDelta(
                    2, 2.0, 2.0, -1.0, 0.5, 40.0, null, false, true)));

    assertThat(StepDetailTables.baselineRows(comparison))
        .containsExactly(List.of("2", "2 (2)", "-1.0", "+0.5", "+40", "—", "gap"));
  }
}
