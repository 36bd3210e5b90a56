package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.record.RequestResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** capacity.html as text; {@link CapacityHtmlBrowserIT} draws it in a real browser. */
class CapacityHtmlTest {
  @Test
  void pageIsSelfContained() {
    String html = CapacityHtml.render(Synthetic.hockeyStick(false));

    assertThat(html)
        .as("no external script, stylesheet or image")
        .doesNotContainPattern("(src|href)=\"(https?:)?//");
    assertThat(html).as("ECharts inlined").contains("echarts").hasSizeGreaterThan(900_000);
    assertThat(html).contains("<li>Knee at step");
  }

  @Test
  void thePageCarriesWhereEachStepQueuesForItsTtfbAndGapChart() {
    String html = CapacityHtml.render(Synthetic.waitingBeforeHeaders(1));

    assertThat(html)
        .as("the embedded report holds each step's place and growths")
        .contains("\"place\" : \"BEFORE_HEADERS\"")
        .contains("\"ttfbGrowthP50Millis\"")
        .contains("\"ttftKnee\"");
    assertThat(html).as("the step table's last column").contains("<th>queue at</th>");
    assertThat(html).contains("<li>Knee at step 7 (14 rps");
  }

  @Test
  void embeddedJsonCannotCloseItsScriptElement() {
    assertThat(CapacityHtml.jsonSafe("{\"label\":\"</script><b>\"}")).doesNotContain("<");
  }

  @Test
  void expectsAQueueChartOnlyWhenTheServerReportsQueueTime() {
    // gap, stack, throughput (the hockey stick has no failure, so no error chart), + the queue
    assertThat(CapacityHtml.expectedCharts(Synthetic.hockeyStick(false))).isEqualTo(3);
    assertThat(CapacityHtml.expectedCharts(Synthetic.hockeyStick(true))).isEqualTo(4);
  }

  @Test
  void theServersViewAddsTheDecompositionAndTheWaitingRunningCharts() {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    assertThat(CapacityHtml.expectedCharts(report)).as("3 charts + 2 of the server").isEqualTo(5);
    assertThat(CapacityHtml.render(report))
        .contains("id=\"chart-decomposition\"")
        .contains("id=\"chart-server-series\"");
  }

  @Test
  void expectsALoadGeneratorChartWhenTheRunMeasuredItself() {
    CapacityReport report =
        dev.ttftgap.analysis.CapacityAnalysis.analyze(
            Synthetic.hockeyStickRecords(false),
            List.of("synthetic/records.jsonl"),
            dev.ttftgap.analysis.CapacityOptions.defaults(),
            null,
            dev.ttftgap.health.HealthSamples.quiet());
    assertThat(CapacityHtml.expectedCharts(report))
        .as("charts with the health measured")
        .isEqualTo(4);
    assertThat(CapacityHtml.render(report))
        .as("the page has the event-loop delay chart")
        .contains("id=\"chart-load-generator\"");
  }

  @Test
  void closedRunChartsAreDrawnAgainstConcurrency() {
    String html = CapacityHtml.render(Synthetic.closedConcurrency());

    assertThat(html)
        .as("the closed run's charts take the users as x axis")
        .contains("Gap percentiles vs concurrency")
        .contains("Throughput vs concurrency");
  }

  @Test
  void noErrorChartIsDrawnWhenNoRequestFailed() {
    CapacityReport report = Synthetic.flat();

    assertThat(report.steps())
        .as("the flat run has no failure")
        .allMatch(s -> s.counts().failuresByReason().isEmpty());
    assertThat(CapacityHtml.render(report))
        .as("no empty error chart")
        .doesNotContain("id=\"chart-errors\"");
    assertThat(CapacityHtml.expectedCharts(report)).isEqualTo(3);
  }

  @Test
  void anErrorChartIsDrawnWhenRequestsFailed() {
    List<dev.ttftgap.record.RequestRecord> records =
        new ArrayList<>(Synthetic.hockeyStickRecords(false));
    for (int i = records.size() - 10; i < records.size(); i++) {
      records.set(
          i,
          records
              .get(i)
              .withResult(
                  new RequestResult(
                      dev.ttftgap.record.Outcome.KO,
                      dev.ttftgap.record.FailureReason.HTTP_STATUS,
                      503,
                      "busy")));
    }
    CapacityReport report =
        dev.ttftgap.analysis.CapacityAnalysis.analyze(
            records,
            List.of("failing/records.jsonl"),
            dev.ttftgap.analysis.CapacityOptions.defaults(),
            null);

    assertThat(CapacityHtml.render(report)).contains("id=\"chart-errors\"");
    assertThat(CapacityHtml.expectedCharts(report))
        .as("the error chart counted")
        .isEqualTo(CapacityHtml.expectedCharts(Synthetic.hockeyStick(false)) + 1);
  }

  @Test
  void pageStatesTheSloItApplied() {
    assertThat(CapacityHtml.render(Synthetic.risingRate()))
        .contains("SLO applied: p95 TTFT ≤ 3000 ms, p95 gap ≤ 2500 ms, errors ≤ 1 %");
  }

  @Test
  void tablesGiveEveryPercentileTheGoodputAndLittlesCheck() {
    CapacityReport report = Synthetic.risingRate();
    String html = CapacityHtml.render(report);

    assertThat(html)
        .as("p50/p90/p95/p99 of every latency")
        .contains("<th>TTFB ms</th><th>TTFT ms</th><th>gap ms</th><th>ITL ms</th>")
        .contains("<th>TPOT ms</th><th>e2e ms</th>")
        .as("delivery and Little's law")
        .contains("<th>goodput rps</th><th>output tokens/s</th>")
        .contains("<th>L (measured)</th><th>λ·W (Little)</th>");
    var first = report.steps().get(0);
    assertThat(html)
        .as("step 1's TTFT percentiles as a row cell")
        .contains(
            "<td>"
                + Fmt.msBare(first.latencies().ttft().p50Millis())
                + " / "
                + Fmt.msBare(first.latencies().ttft().p90Millis())
                + " / "
                + Fmt.msBare(first.latencies().ttft().p95Millis())
                + " / "
                + Fmt.msBare(first.latencies().ttft().p99Millis())
                + "</td>");
  }

  @Test
  void aBaselineAddsAnOverlayChartAndADeltaTable() {
    CapacityReport report = Synthetic.risingRate(Synthetic.halfTheGap(Synthetic.risingRate()));
    String html = CapacityHtml.render(report);

    assertThat(html)
        .contains("id=\"chart-baseline\"")
        .contains("<h2>Against the baseline, step by step</h2>")
        .contains("<th>gap p50 Δ ms</th>");
    assertThat(CapacityHtml.expectedCharts(report))
        .as("one chart more than without the baseline")
        .isEqualTo(CapacityHtml.expectedCharts(Synthetic.risingRate()) + 1);
  }
}
