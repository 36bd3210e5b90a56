package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real search (forked Gatling JVM, as the Maven plugin runs it) against an engine this test
 * starts on loopback: it climbs, bisects and holds within its bound, stops the load generator by
 * itself with every request ended, and leaves one records file whose holds the report reads.
 */
class SearchRunIT {
  private static final String PROFILE =
      """
      {
        "name": "search-test",
        "request": { "promptTokens": 100, "maxTokens": 64 },
        "load": {
          "model": "search", "arrivals": "uniform",
          "startRate": 4, "maxRate": 16, "growth": 2,
          "stepDurationSeconds": 6, "holdSeconds": 10, "precisionPercent": 30,
          "maxDurationSeconds": 90
        },
        "slo": { "ttftP95Millis": 3000, "gapP95Millis": 2500, "errorRatePercent": 1.0 }
      }
      """;

  @Test
  void aSearchClimbsBisectsHoldsAndStopsByItself(@TempDir Path dir) throws Exception {
    Path profile = dir.resolve("search-test.json");
    Files.writeString(profile, PROFILE);
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      long started = System.nanoTime();
      GatlingFork.Result run =
          GatlingFork.risingRate(
              dir,
              profile.toString(),
              engine.baseUrl(),
              "qwen3-8b-like",
              false,
              Duration.ofSeconds(240));
      long seconds = (System.nanoTime() - started) / 1_000_000_000L;
      Files.writeString(Path.of("/tmp/search-out.txt"), run.output());
      Files.copy(
          run.runFolder().resolve("capacity.json"),
          Path.of("/tmp/search-capacity.json"),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);

      assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
      assertThat(run.output())
          .as("the search logs its phases and its end")
          .contains("ttft-gap: probe 01 · 4 rps: passes")
          .contains("ttft-gap: search ends: ");
      assertThat(seconds).as("within its 90 s bound plus JVM start and reports").isLessThan(200);
      List<RequestRecord> records = RecordReader.read(run.records());
      assertThat(records)
          .as("the load generator stopped only once every admitted request had ended")
          .noneMatch(r -> r.result().reason() == FailureReason.INTERRUPTED);
      assertThat(records)
          .allSatisfy(
              r ->
                  assertThat(r.level().stepLabel())
                      .as("phase label of %s", r.identity().userId())
                      .matches("(probe|hold) \\d\\d · [0-9.]+ rps"));
      assertThat(records.stream().map(r -> r.level().offeredRate()).distinct())
          .as("a climb: 4, then 8 (above the engine's 7.89 req/s)")
          .contains(4.0, 8.0);
      JsonNode capacity =
          new ObjectMapper().readTree(run.runFolder().resolve("capacity.json").toFile());
      JsonNode slo = capacity.get("sloVerdict");
      JsonNode health = capacity.get("loadGenerator");
      assertThat(health.isObject()).as("a search run has the load generator's health too").isTrue();
      List<Integer> leftOut = new java.util.ArrayList<>();
      health.get("leftOutOfSloSteps").forEach(step -> leftOut.add(step.asInt()));
      boolean holdLeftOut =
          records.stream()
              .anyMatch(
                  r ->
                      r.level().phase() == RequestPhase.HOLD && leftOut.contains(r.level().step()));
      if (holdLeftOut) {
        // a machine too busy for the client to vouch for its hold: the report claims nothing
        assertThat(slo.get("heldRatePerSec").isNull())
            .as("the hold's step was left out of the SLO verdict (%s)", health.get("verdict"))
            .isTrue();
      } else if (run.output().contains("search ends: held")) {
        double held = slo.get("heldRatePerSec").asDouble();
        assertThat(held).as("the held rate is below the engine's capacity").isLessThan(7.89);
        assertThat(records)
            .anyMatch(
                r -> r.level().phase() == RequestPhase.HOLD && r.level().offeredRate() == held);
        assertThat(slo.get("maxSustainableRatePerSec").asDouble()).isEqualTo(held);
      } else {
        assertThat(slo.get("heldRatePerSec").isNull())
            .as("no hold passed, so nothing is claimed as held")
            .isTrue();
      }
    }
  }
}
