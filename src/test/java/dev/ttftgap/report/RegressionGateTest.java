package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.PreviousRunStep;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegressionGateTest {
  /** The hockey stick compared with itself: no step regressed. */
  private static CapacityReport againstItself() {
    CapacityReport first = Synthetic.hockeyStick(false);
    List<PreviousRunStep> same =
        first.steps().stream()
            .map(
                s ->
                    new PreviousRunStep(
                        s.step(),
                        s.rate(),
                        s.latencies().ttfb() == null ? null : s.latencies().ttfb().p50Millis(),
                        s.latencies().ttfb() == null ? null : s.latencies().ttfb().p95Millis(),
                        s.latencies().gap() == null ? null : s.latencies().gap().p50Millis(),
                        s.latencies().gap() == null ? null : s.latencies().gap().p95Millis()))
            .toList();
    return CapacityAnalysis.analyze(
        Synthetic.hockeyStickRecords(false),
        List.of("synthetic/records.jsonl"),
        CapacityOptions.defaults(),
        same);
  }

  @Test
  void aHeadlineMoreThanTenPercentBelowTheBaselinesIsARegression() {
    CapacityReport report = againstItself();
    double now = report.slo().maxSustainableRate();

    assertThat(RegressionGate.regressions(report, now / 0.85))
        .as("now 15 %% below the baseline's %s rps", now / 0.85)
        .singleElement()
        .asString()
        .startsWith("the max sustainable rate fell from");
    assertThat(RegressionGate.regressions(report, now / 0.95))
        .as("5 % below: within the tolerance")
        .isEmpty();
  }

  @Test
  void aBaselineWithoutAHeadlineFlagsNothing() {
    assertThat(RegressionGate.regressions(againstItself(), (Double) null))
        .as("no max sustainable rate in the baseline: nothing it sustained")
        .isEmpty();
  }

  @Test
  void aRunWithoutBaselineHasNoRegression() {
    assertThat(RegressionGate.regressions(Synthetic.hockeyStick(false), 1.0))
        .as("no comparison made")
        .isEmpty();
  }
}
