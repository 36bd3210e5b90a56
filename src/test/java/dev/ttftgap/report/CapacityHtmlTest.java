package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityReport;
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
  void embeddedJsonCannotCloseItsScriptElement() {
    assertThat(CapacityHtml.jsonSafe("{\"label\":\"</script><b>\"}")).doesNotContain("<");
  }

  @Test
  void expectsAQueueChartOnlyWhenTheServerReportsQueueTime() {
    assertThat(CapacityHtml.expectedCharts(Synthetic.hockeyStick(false))).isEqualTo(4);
    assertThat(CapacityHtml.expectedCharts(Synthetic.hockeyStick(true))).isEqualTo(5);
  }

  @Test
  void theServersViewAddsTheDecompositionAndTheWaitingRunningCharts() {
    CapacityReport report = ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20);

    assertThat(CapacityHtml.expectedCharts(report)).as("4 charts + 2 of the server").isEqualTo(6);
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
        .isEqualTo(5);
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
}
