package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ttftgap.analysis.CapacityOptions;
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

/**
 * capacity.html in a real browser: headless Chromium loads each page offline and the page's own
 * script reports its errors and the charts it drew. An integration test (Failsafe, {@code mvn
 * verify}): each page costs a browser start. Skipped, not failed, where no Chromium or Chrome is
 * installed.
 */
class CapacityHtmlBrowserIT {
  /** Debian's chromium here; GitHub's Ubuntu runners ship google-chrome instead. */
  private static final Path CHROMIUM =
      java.util.stream.Stream.of("/usr/bin/chromium", "/usr/bin/google-chrome")
          .map(Path::of)
          .filter(Files::isExecutable)
          .findFirst()
          .orElse(Path.of("/usr/bin/chromium"));

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
  void serverViewChartsRenderWithoutErrorsInHeadlessChromium(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    assertRendersEveryChart(
        dir, ServerViews.hockeyStickWithWaiting(0, 0, 0, 0.1, 0.2, 0.4, 3.2, 9, 20), "server");
  }

  @Test
  void serverViewChartsWithDarkStepsRenderWithoutErrors(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    // steps 5–9 dark: their bands marked, the waiting and running lines broken there
    assertRendersEveryChart(
        dir,
        ServerViews.hockeyStickDarkFromWithSeries(5, 0, 0, 0.1, 0.4, 1, 1, 1, 1, 1),
        "server-dark");
  }

  @Test
  void anAgentRunDrawsItsFirstTokenByKindChart(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    CapacityReport report = OutputKindsTest.agentRun(CapacityOptions.defaults());

    assertThat(ChartSections.hasOutputKinds(report)).isTrue();
    assertRendersEveryChart(dir, report, "agent");
  }

  @Test
  void closedRunChartsRenderAgainstConcurrency(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    assertRendersEveryChart(dir, Synthetic.closedConcurrency(), "closed");
  }

  @Test
  void pageWithoutModelOrFailuresStillRendersEveryChart(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");
    String dom = assertRendersEveryChart(dir, Synthetic.flat(), "flat");

    assertThat(attribute(dom, "data-charts-rendered"))
        .as("gap, stack and throughput; no error chart without errors")
        .isEqualTo("3");
  }

  @Test
  void theStackChartIsCutOnlyWhenStepsBeforeSaturationHaveASplitToKeep(@TempDir Path dir)
      throws Exception {
    CapacityReport hockeyStick = Synthetic.hockeyStick(false);
    int saturated = hockeyStick.saturation().step();
    CapacityReport saturatedOnly =
        dev.ttftgap.analysis.CapacityAnalysis.analyze(
            Synthetic.hockeyStickRecords(false).stream()
                .filter(r -> r.level().step() >= saturated)
                .toList(),
            List.of("synthetic/records.jsonl"),
            dev.ttftgap.analysis.CapacityOptions.defaults(),
            null);
    assertThat(saturatedOnly.saturation().step())
        .as("saturated from its first step")
        .isEqualTo(saturatedOnly.steps().get(0).step());
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");

    assertThat(attribute(assertRendersEveryChart(dir, hockeyStick, "cut"), "data-stack-cut"))
        .as("overloaded steps tower over the low-load ones: the axis is cut")
        .isNotEmpty();
    assertThat(attribute(assertRendersEveryChart(dir, saturatedOnly, "uncut"), "data-stack-cut"))
        .as("no step before saturation: nothing to keep readable, nothing cut")
        .isEmpty();
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
    assertNoLabelOverlaps(dir, Synthetic.risingRate(Synthetic.halfTheGap(rising)), "baseline");
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

  @Test
  void theStackChartShowsEachStepsQueuePlaceWithoutOverlaps(@TempDir Path dir) throws Exception {
    CapacityReport before = Synthetic.waitingBeforeHeaders(1);
    assertThat(before.queueLocation().beforeHeadersFromStep())
        .as("the page has a queue before the headers to show")
        .isNotNull();
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");

    assertNoLabelOverlaps(dir, before, "before-headers");
    assertNoLabelOverlaps(dir, Synthetic.waitingBeforeHeaders(0.5), "both");
  }

  @Test
  void requestClassAndLaunchSpikeChartsRenderWithoutOverlaps(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed: apt-get install -y chromium");

    assertNoLabelOverlaps(dir, LaunchDayReports.withClasses(), "classes");
    assertNoLabelOverlaps(dir, LaunchDayReports.withRecovery(true), "spike-scraped");
    assertNoLabelOverlaps(dir, LaunchDayReports.withRecovery(false), "spike");
  }

  private static void assertNoLabelOverlaps(Path dir, CapacityReport report, String name)
      throws Exception {
    String dom = assertRendersEveryChart(dir, report, name);

    assertThat(attribute(dom, "data-label-overlaps"))
        .as("overlapping texts (%s): %s", name, attribute(dom, "data-label-overlap-details"))
        .isEqualTo("0");
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
