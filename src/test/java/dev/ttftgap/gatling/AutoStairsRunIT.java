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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Auto stairs in a real run (forked Gatling JVM, as the Maven plugin runs it) against engines of
 * very different capacity on loopback: the calibration sizes the stairs from the target, and the
 * knee lies inside them for both, with at least one step below it. Short steps keep each run near a
 * minute and a half. The circuit breaker is off: 8 s at 1.2 × tiny-fast's capacity can fill its
 * 256-request queue, and the 429s that follow would stop the run before the report this test reads.
 */
class AutoStairsRunIT {
  private static final String PROFILE =
      """
      {
        "name": "auto-stairs-test",
        "request": { "promptTokens": 100, "maxTokens": MAX_TOKENS },
        "load": {
          "model": "open", "arrivals": "uniform", "steps": "auto", "stepDurationSeconds": 8,
          "autoStairs": {
            "singleUserSeconds": 5, "burstSeconds": 12, "burstMaxSeconds": 24,
            "maxStepSeconds": 15, "maxRate": 200
          }
        },
        "slo": { "ttftP95Millis": 3000, "gapP95Millis": 2500, "errorRatePercent": 1.0 },
        "breaker": { "enabled": false }
      }
      """;

  /**
   * Each model in its default shape (100 → 16 and 100 → 64 tokens), where its capacity is known.
   */
  @ParameterizedTest(name = "{0}, 100 → {1} tokens (analytic capacity {2} req/s)")
  @CsvSource({"tiny-fast, 16, 151", "qwen3-14b-like, 64, 5.68"})
  void theStairsSizeThemselvesAndHoldTheKnee(
      String model, int maxTokens, double capacity, @TempDir Path dir) throws Exception {
    Path profile = dir.resolve("auto-stairs-test.json");
    Files.writeString(profile, PROFILE.replace("MAX_TOKENS", String.valueOf(maxTokens)));
    EngineConfig config = EngineConfig.defaults().withPort(0).withProfile(model);
    try (EmbeddedEngine engine = EmbeddedEngine.start(config)) {
      GatlingFork.Result run =
          GatlingFork.risingRate(
              dir, profile.toString(), engine.baseUrl(), model, false, Duration.ofSeconds(300));

      assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
      assertThat(run.output())
          .as("the stairs are printed before they start")
          .containsPattern("ttft-gap: auto stairs from a [0-9.]+ req/s burst estimate");
      JsonNode stairs =
          new ObjectMapper().readTree(run.runFolder().resolve("run.json").toFile()).get("stairs");
      assertThat(stairs.get("mode").asText())
          .as("run.json says the stairs were auto")
          .isEqualTo("auto");
      double estimate = stairs.get("estimateRatePerSec").asDouble();
      assertThat(estimate)
          .as("the burst's estimate is near the engine's capacity, %s req/s", capacity)
          .isBetween(0.6 * capacity, 1.25 * capacity);

      List<RequestRecord> records = RecordReader.read(run.records());
      assertThat(records)
          .as("the calibration is recorded, out of the steps")
          .anyMatch(r -> r.level().phase() == RequestPhase.CALIBRATION && r.level().step() == 0);
      assertThat(records)
          .as("the load generator stopped only once every admitted request had ended")
          .noneMatch(r -> r.result().reason() == FailureReason.INTERRUPTED);
      assertThat(records.stream().filter(r -> r.level().phase() == RequestPhase.STEP))
          .allSatisfy(
              r ->
                  assertThat(r.level().stepLabel())
                      .as("step label of %s", r.identity().userId())
                      .matches("step \\d · [0-9.]+ rps"));

      JsonNode capacityJson =
          new ObjectMapper().readTree(run.runFolder().resolve("capacity.json").toFile());
      JsonNode steps = capacityJson.get("steps");
      JsonNode knee = capacityJson.get("knee");
      assertThat(knee.get("step").isNull())
          .as("a knee was found; knee %s, output:\n%s", knee, run.output())
          .isFalse();
      assertThat(steps.size())
          .as("the report's steps are the planned stairs %s", stairs.get("ratesPerSec"))
          .isEqualTo(stairs.get("ratesPerSec").size());
      int kneeStep = knee.get("step").asInt();
      assertThat(kneeStep)
          .as("the knee lies inside the stairs, above their first step (%s)", knee)
          .isBetween(2, steps.size());
      assertThat(capacityJson.get("runNotes").toString())
          .as("the report says where the stairs came from")
          .contains("Auto stairs from a");
    }
  }
}
