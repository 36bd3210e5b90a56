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
        .isEqualTo(5);
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

  private static void assertRendersEveryChart(Path dir, CapacityReport report, String name)
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
    assertThat(attribute(dom, "data-charts-rendered")).isEqualTo("4");
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
