package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.ScrapeFile;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A smoke-sized run against the embedded engine speaking each server's {@code /metrics} dialect:
 * the run scrapes it, recognises the vendor and fills the per-step server fields.
 */
class ServerMetricsRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest
  @EnumSource(MetricsDialect.class)
  void aSmokeRunRecognisesTheEnginesDialectAndFillsEachStep(
      MetricsDialect dialect, @TempDir Path dir) throws Exception {
    GatlingFork.Result run =
        GatlingFork.run(
            RisingRateSimulation.class,
            dir,
            Map.of("profile", "smoke", "engine.metricsDialect", dialect.id()),
            Map.of(),
            false,
            Duration.ofSeconds(90));
    assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
    assertThat(run.runFolder().resolve(ScrapeFile.NAME))
        .as("the scrapes beside the records")
        .exists();

    JsonNode report = JSON.readTree(Files.readString(run.runFolder().resolve("capacity.json")));
    JsonNode block = report.get("serverMetrics");
    assertThat(block.get("vendor").asText()).as("recognised vendor").isEqualTo(dialect.id());
    assertThat(block.get("scrapes").asInt()).as("about one scrape a second").isGreaterThan(5);
    assertThat(block.get("failures").asInt()).as("failed scrapes").isZero();
    for (JsonNode step : report.get("steps")) {
      JsonNode server = step.get("server");
      assertThat(server.get("waitingMean").isNumber())
          .as("step %s mean waiting, %s", step.get("step"), server)
          .isTrue();
      assertThat(server.get("runningMean").isNumber())
          .as("step %s mean running, %s", step.get("step"), server)
          .isTrue();
      boolean hasQueueHistogram = dialect != MetricsDialect.LLAMACPP;
      assertThat(server.get("queueTimeMeanMillis").isNumber())
          .as("step %s queue-time mean present iff %s has the histogram", step.get("step"), dialect)
          .isEqualTo(hasQueueHistogram);
      assertThat(server.get("ttftDecomposition").get("restMillis").isNumber())
          .as(
              "step %s fully decomposed iff %s reports queue time and prefill (or TTFT)",
              step.get("step"), dialect)
          .isEqualTo(hasQueueHistogram && dialect != MetricsDialect.TGI);
    }
  }
}
