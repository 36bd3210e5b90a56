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
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A smoke-sized run against the embedded engine speaking each server's {@code /metrics} dialect:
 * the run scrapes it, recognises the vendor and fills the per-step server fields. Then runs against
 * a loopback server ({@link MetricsStubServer}) whose {@code /metrics} goes dark mid-run, and one
 * that is left with work after the run.
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

  /** Four 6-second steps at 2 rps, no warm-up: the load runs from about 0 to 24 s. */
  private static final String FOUR_STEPS =
      """
      {
        "name": "metrics-dark",
        "request": {"promptTokens": 64, "maxTokens": 8},
        "load": {"model": "open", "steps": [2, 2, 2, 2], "stepDurationSeconds": 6},
        "timeouts": {"firstTokenSeconds": 5, "idleSeconds": 5, "streamSeconds": 10}
      }
      """;

  /** Two 5-second steps at 2 rps: 20 load requests, each leaving a job on the stub. */
  private static final String TWO_STEPS =
      """
      {
        "name": "leaves-work",
        "request": {"promptTokens": 64, "maxTokens": 8},
        "load": {"model": "open", "steps": [2, 2], "stepDurationSeconds": 5},
        "timeouts": {"firstTokenSeconds": 5, "idleSeconds": 5, "streamSeconds": 10}
      }
      """;

  private static GatlingFork.Result runAgainst(MetricsStubServer server, Path dir, String profile)
      throws Exception {
    Path file = Files.writeString(dir.resolve("profile.json"), profile);
    return GatlingFork.run(
        RisingRateSimulation.class,
        dir.resolve("results"),
        Map.of("profile", file.toString()),
        Map.of("LLM_BASE_URL", server.baseUrl(), "LLM_MODEL", MetricsStubServer.MODEL),
        false,
        Duration.ofSeconds(120));
  }

  @Test
  void metricsThatStopAnsweringMidRunLeaveThoseStepsWithoutServerFigures(@TempDir Path dir)
      throws Exception {
    JsonNode report;
    String markdown;
    GatlingFork.Result run;
    // dark 13 s after the first chat request (the preflight's): within step 3 (12–18 s of load)
    try (MetricsStubServer server = MetricsStubServer.darkAfter(13)) {
      run = runAgainst(server, dir, FOUR_STEPS);
      assertThat(server.hungScrapes()).as("scrapes the stub left hanging").isGreaterThan(3);
    }
    assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
    report = JSON.readTree(Files.readString(run.runFolder().resolve("capacity.json")));
    markdown = Files.readString(run.runFolder().resolve("capacity.md"));

    JsonNode block = report.get("serverMetrics");
    assertThat(block.get("vendor").asText()).as("recognised vendor").isEqualTo("llamacpp");
    assertThat(block.get("timeouts").asInt()).as("timed-out scrapes, %s", block).isGreaterThan(3);
    JsonNode steps = report.get("steps");
    assertThat(steps).as("four steps").hasSize(4);
    JsonNode first = steps.get(0).get("server");
    assertThat(first.get("dark").asBoolean()).as("step 1 read: %s", first).isFalse();
    assertThat(first.get("waitingMean").isNumber()).as("step 1 waiting, %s", first).isTrue();
    int fromStep = block.get("darkness").get("fromStep").asInt();
    assertThat(fromStep)
        .as("dark from step 3 (2 if the preflight took over a second)")
        .isBetween(2, 3);
    for (JsonNode step : steps) {
      JsonNode server = step.get("server");
      if (step.get("step").asInt() < fromStep) {
        assertThat(server.get("dark").asBoolean())
            .as("step %s, %s", step.get("step"), server)
            .isFalse();
        continue;
      }
      assertThat(server.get("dark").asBoolean())
          .as("step %s is dark, %s", step.get("step"), server)
          .isTrue();
      assertThat(server.get("coveragePercent").asDouble())
          .as("step %s coverage", step.get("step"))
          .isLessThan(50);
      for (String figure :
          new String[] {"waitingMean", "waitingMax", "runningMean", "runningMax"}) {
        assertThat(server.get(figure).isNull())
            .as(
                "step %s %s is missing, not the few readings it got: %s",
                step.get("step"), figure, server)
            .isTrue();
      }
    }
    assertThat(steps.get(3).get("server").get("scrapesTimedOut").asInt())
        .as("step 4's timed-out scrapes")
        .isGreaterThan(0);
    assertThat(markdown)
        .as("capacity.md's sentence says when the metrics went dark")
        .containsPattern(
            Pattern.compile(
                "The server's /metrics stopped answering at step "
                    + fromStep
                    + " \\(2 rps\\): \\d+ of \\d+ scrapes timed out from then on, as happens when"
                    + " it shares its worker pool with the load; no server-side figures for"
                    + " steps "
                    + fromStep
                    + "–4"))
        .doesNotContain("first grows at step");
  }

  @Test
  void aServerLeftWithWorkAfterTheRunIsSaidWithTheWaitItsDrainRateGives(@TempDir Path dir)
      throws Exception {
    GatlingFork.Result run;
    // 23 chat requests (20 + the preflight's) in about 10 s, drained at 1 a second: ~12 left
    try (MetricsStubServer server = MetricsStubServer.leavingWork(1.0)) {
      run = runAgainst(server, dir, TWO_STEPS);
    }
    assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
    JsonNode after =
        JSON.readTree(Files.readString(run.runFolder().resolve("capacity.json")))
            .get("serverMetrics")
            .get("afterRun");
    String markdown = Files.readString(run.runFolder().resolve("capacity.md"));

    assertThat(after.get("answered").asBoolean()).as("after-run check, %s", after).isTrue();
    assertThat(after.get("attempts").asInt()).as("two readings, work was left").isEqualTo(2);
    assertThat(after.get("waiting").asDouble() + after.get("running").asDouble())
        .as("work left after the run, %s", after)
        .isGreaterThan(0);
    assertThat(after.get("drainRatePerSec").asDouble())
        .as("the stub drains one job a second, read on whole jobs over about 5 s")
        .isBetween(0.6, 1.4);
    Pattern sentence =
        Pattern.compile(
            "After the run the server still reports \\d+ requests? deferred and \\d running: at its"
                + " drain rate of \\d\\.\\d req/s, wait about \\d+ s before the next run\\.");
    assertThat(run.output()).as("printed at the run's end").containsPattern(sentence);
    assertThat(markdown).as("and in the report").containsPattern(sentence);
  }
}
