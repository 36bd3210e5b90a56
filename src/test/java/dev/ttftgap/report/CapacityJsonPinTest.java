package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.HeldRate;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.SloMethod;
import dev.ttftgap.analysis.SloVerdict;
import dev.ttftgap.health.HealthSamples;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins {@code capacity.json} byte for byte: field names, order, nulls and number formatting of
 * synthetic reports that between them fill every block. The pinned files are in {@code
 * src/test/resources/dev/ttftgap/report/capacity-json/}; {@code -Dcapacity.json.repin=DIR} writes
 * them afresh into DIR (only when the layout changes on purpose).
 */
class CapacityJsonPinTest {

  static Stream<Arguments> reports() {
    return Stream.of(
        report("hockey-stick-server-queue", () -> Synthetic.hockeyStick(true)),
        report("closed-concurrency", Synthetic::closedConcurrency),
        report(
            "rising-rate-vs-baseline",
            () -> Synthetic.risingRate(Synthetic.halfTheGap(Synthetic.risingRate()))),
        report(
            "server-metrics",
            () -> ServerViews.hockeyStickWithWaiting(0, 0.2, 0.5, 1, 2, 4, 8, 9, 12, 16, 20, 30)),
        report(
            "server-metrics-dark",
            () -> ServerViews.hockeyStickDarkFrom(4, 0, 0.2, 0.5, 1, 2, 4, 8, 9, 12, 16, 20, 30)),
        report("load-generator", CapacityJsonPinTest::withLoadGenerator),
        report("held-rate", CapacityJsonPinTest::withHeldRate),
        report("overloaded", Synthetic::overloaded),
        report("flat", Synthetic::flat),
        report("queue-before-headers", () -> Synthetic.waitingBeforeHeaders(1)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("reports")
  void rendersExactlyThePinnedDocument(String name, Supplier<CapacityReport> report)
      throws IOException {
    String rendered = CapacityJson.render(report.get());
    String repin = System.getProperty("capacity.json.repin");
    if (repin != null) {
      Files.writeString(Path.of(repin, name + ".json"), rendered);
    }

    assertThat(rendered).as("capacity.json of %s, byte for byte", name).isEqualTo(pinned(name));
  }

  private static Arguments report(String name, Supplier<CapacityReport> report) {
    return Arguments.of(name, report);
  }

  private static String pinned(String name) throws IOException {
    try (InputStream in =
        CapacityJsonPinTest.class.getResourceAsStream("capacity-json/" + name + ".json")) {
      assertThat(in).as("pinned capacity-json/%s.json", name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static CapacityReport withLoadGenerator() {
    return CapacityAnalysis.analyze(
        Synthetic.hockeyStickRecords(false),
        List.of("synthetic/records.jsonl"),
        CapacityOptions.defaults(),
        null,
        HealthSamples.flagging(12, Set.of(12)));
  }

  /** The rising-rate report as if a rate search had held 6.5 rps at step 4 and failed at 7. */
  private static CapacityReport withHeldRate() {
    HeldRate held = new HeldRate(4, 6.5, 6.4, 60.0, 900.5, 120.25, 0.5, 7.0);
    return ReportCopy.withSlo(
        Synthetic.risingRate(),
        new SloVerdict(
            Slo.of(3000, 2500, 1),
            6.5,
            false,
            4,
            5,
            "ttft",
            null,
            null,
            SloMethod.ofLabel("held"),
            6.5,
            7.0,
            List.of(3),
            false,
            held));
  }
}
