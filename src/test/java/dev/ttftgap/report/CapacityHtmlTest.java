package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ttftgap.analysis.CapacityReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityHtmlTest {
  /** Debian's chromium here; GitHub's Ubuntu runners ship google-chrome instead. */
  private static final Path CHROMIUM =
      java.util.stream.Stream.of("/usr/bin/chromium", "/usr/bin/google-chrome")
          .map(Path::of)
          .filter(Files::isExecutable)
          .findFirst()
          .orElse(Path.of("/usr/bin/chromium"));

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
  void serverViewChartsRenderWithoutErrorsInHeadlessChromium(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    assertRendersEveryChart(
        dir, ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20), "server");
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
  void chartsRenderWithoutErrorsInHeadlessChromium(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    for (boolean serverQueue : new boolean[] {false, true}) {
      assertRendersEveryChart(dir, Synthetic.hockeyStick(serverQueue), "queue-" + serverQueue);
    }
  }

  /** Renders {@code report} in headless Chromium, checks every chart drew; returns the DOM. */
  private static String assertRendersEveryChart(Path dir, CapacityReport report, String name)
      throws Exception {
    Path page = dir.resolve("capacity-" + name + ".html");
    Files.writeString(page, CapacityHtml.render(report), StandardCharsets.UTF_8);

    String dom = chromium(dir, "--dump-dom", page.toUri().toString());

    assertThat(attribute(dom, "data-errors"))
        .as("script errors: %s", attribute(dom, "data-error-messages"))
        .isEqualTo("0");
    assertThat(attribute(dom, "data-charts-rendered"))
        .as("charts drawn (%s)", name)
        .isEqualTo(String.valueOf(CapacityHtml.expectedCharts(report)));
    assertThat(dom).as("ECharts drew into canvases").contains("<canvas");
    return dom;
  }

  @Test
  void closedRunChartsRenderAgainstConcurrency(@TempDir Path dir) throws Exception {
    CapacityReport report = Synthetic.closedConcurrency();
    String html = CapacityHtml.render(report);
    assertThat(html)
        .contains("Gap percentiles vs concurrency")
        .contains("Throughput vs concurrency");
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    Path page = dir.resolve("capacity.html");
    Files.writeString(page, html, StandardCharsets.UTF_8);

    String dom = chromium(dir, "--dump-dom", page.toUri().toString());

    assertThat(attribute(dom, "data-errors"))
        .as("script errors: %s", attribute(dom, "data-error-messages"))
        .isEqualTo("0");
    assertThat(attribute(dom, "data-charts-rendered"))
        .isEqualTo(String.valueOf(CapacityHtml.expectedCharts(report)));
  }

  @Test
  void pageWithoutModelOrFailuresStillRendersEveryChart(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    CapacityReport report = Synthetic.flat();
    Path page = dir.resolve("capacity.html");
    Files.writeString(page, CapacityHtml.render(report), StandardCharsets.UTF_8);

    String dom = chromium(dir, "--dump-dom", page.toUri().toString());

    assertThat(attribute(dom, "data-errors"))
        .as("script errors: %s", attribute(dom, "data-error-messages"))
        .isEqualTo("0");
    assertThat(attribute(dom, "data-charts-rendered"))
        .as("gap, stack and throughput; no error chart without errors")
        .isEqualTo("3");
  }

  @Test
  void noErrorChartIsDrawnWhenNoRequestFailed() {
    CapacityReport report = Synthetic.flat();

    assertThat(report.steps())
        .as("the flat run has no failure")
        .allMatch(s -> s.failuresByReason().isEmpty());
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
              .withOutcome(
                  dev.ttftgap.record.Outcome.KO,
                  dev.ttftgap.record.FailureReason.HTTP_STATUS,
                  503,
                  "busy"));
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
                + Fmt.msBare(first.ttft().p50Millis())
                + " / "
                + Fmt.msBare(first.ttft().p90Millis())
                + " / "
                + Fmt.msBare(first.ttft().p95Millis())
                + " / "
                + Fmt.msBare(first.ttft().p99Millis())
                + "</td>");
  }

  @Test
  void aBaselineAddsAnOverlayChartAndADeltaTable() {
    CapacityReport report = Synthetic.risingRate(halfTheGap(Synthetic.risingRate()));
    String html = CapacityHtml.render(report);

    assertThat(html)
        .contains("id=\"chart-baseline\"")
        .contains("<h2>Against the baseline, step by step</h2>")
        .contains("<th>gap p50 Δ ms</th>");
    assertThat(CapacityHtml.expectedCharts(report))
        .as("one chart more than without the baseline")
        .isEqualTo(CapacityHtml.expectedCharts(Synthetic.risingRate()) + 1);
  }

  @Test
  void markerLabelsNeverOverlapInHeadlessChromium(@TempDir Path dir) throws Exception {
    CapacityReport rising = Synthetic.risingRate();
    double knee = rising.knee().rate();
    double saturation = rising.saturation().saturationRate();
    double sloMax = rising.slo().maxSustainableRate();
    assertThat(
            Math.max(knee, Math.max(saturation, sloMax))
                - Math.min(knee, Math.min(saturation, sloMax)))
        .as(
            "knee %s, saturation %s and SLO max %s crowd within 1 rps, as in the default run",
            knee, saturation, sloMax)
        .isLessThan(1.0);
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    assertNoLabelOverlaps(dir, rising, "rising-rate");
    assertNoLabelOverlaps(dir, Synthetic.closedConcurrency(), "closed");
    assertNoLabelOverlaps(dir, Synthetic.risingRate(halfTheGap(rising)), "baseline");
    assertNoLabelOverlaps(
        dir,
        dev.ttftgap.analysis.CapacityAnalysis.analyze(
            Synthetic.hockeyStickRecords(false),
            List.of("synthetic/records.jsonl"),
            dev.ttftgap.analysis.CapacityOptions.defaults(),
            null,
            dev.ttftgap.health.HealthSamples.blockedAtStep3()),
        "load-generator");
  }

  private static void assertNoLabelOverlaps(Path dir, CapacityReport report, String name)
      throws Exception {
    String dom = assertRendersEveryChart(dir, report, name);

    assertThat(attribute(dom, "data-label-overlaps"))
        .as("overlapping texts (%s): %s", name, attribute(dom, "data-label-overlap-details"))
        .isEqualTo("0");
  }

  /** The steps of {@code report} as a baseline whose gap p50 and p95 were half as long. */
  private static List<dev.ttftgap.analysis.StepBaseline> halfTheGap(CapacityReport report) {
    return report.steps().stream()
        .map(
            s ->
                new dev.ttftgap.analysis.StepBaseline(
                    s.step(),
                    s.rate(),
                    s.ttfb().p50Millis(),
                    s.ttfb().p95Millis(),
                    s.gap().p50Millis() / 2,
                    s.gap().p95Millis() / 2))
        .toList();
  }

  /** Runs headless Chromium with networking and background services off; returns its stdout. */
  static String chromium(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--no-first-run",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(dir, "chromium-profile")));
    command.addAll(List.of(args));
    Path output = Files.createTempFile(dir, "chromium", ".out");
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(output.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    boolean finished = process.waitFor(60, TimeUnit.SECONDS);
    if (!finished) {
      process.destroyForcibly();
      throw new AssertionError("chromium did not finish within 60 s");
    }
    return Files.readString(output, StandardCharsets.UTF_8);
  }

  private static String attribute(String dom, String name) {
    Matcher matcher = Pattern.compile("<body[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
    return matcher.find() ? matcher.group(1) : null;
  }
}
