package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.engine.DisconnectPolicy;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.servermetrics.MetricsDialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Leave the server as you found it", on runs where the answer is known: an engine shaped like the
 * llama.cpp server ({@code llamacpp-cpu-like}, about 1.27 req/s, its metric names) is driven past
 * its capacity until the saturation stop cuts the requests in flight. With {@link
 * DisconnectPolicy#RUN_ON} the engine keeps working on the cut requests, as that server did (213
 * deferred after a real run), and the run must say so at its end, with a wait estimated from the
 * server's own drain rate; with {@link DisconnectPolicy#ABORT} (vLLM) the cut requests leave the
 * engine at once and the run says nothing of the kind.
 */
class LeftoverWorkRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MODEL = "llamacpp-cpu-like";

  @Test
  void aServerThatKeepsWorkingForClientsThatLeftIsNamedAtTheRunsEnd(@TempDir Path dir)
      throws Exception {
    try (EmbeddedEngine engine = engine(DisconnectPolicy.RUN_ON)) {
      GatlingFork.Result run = run(dir, engine);
      assertThat(run.output())
          .as("the console's after-run line; output:\n%s", run.output())
          .containsPattern(
              "After the run the server still reports \\d+ requests? deferred and \\d+ running:"
                  + " at its drain rate of [0-9.]+ req/s, wait about");
      JsonNode afterRun = capacity(run).path("serverMetrics").path("afterRun");
      assertThat(afterRun.path("waiting").asDouble() + afterRun.path("running").asDouble())
          .as("work left in capacity.json's serverMetrics.afterRun %s", afterRun)
          .isPositive();
      assertThat(afterRun.path("drainRatePerSec").asDouble())
          .as("the server's own drain rate, req/s, near the model's 1.27 req/s: %s", afterRun)
          .isBetween(0.5, 2.0);
    }
  }

  @Test
  void aServerThatAbortsRequestsWhoseClientsLeftIsLeftIdle(@TempDir Path dir) throws Exception {
    try (EmbeddedEngine engine = engine(DisconnectPolicy.ABORT)) {
      GatlingFork.Result run = run(dir, engine);
      assertThat(run.output())
          .as("no after-run warning when nothing is left; output:\n%s", run.output())
          .doesNotContain("After the run the server still reports");
    }
  }

  private static EmbeddedEngine engine(DisconnectPolicy policy) {
    return EmbeddedEngine.start(
        EngineConfig.defaults()
            .withPort(0)
            .withProfile(MODEL)
            .withMetricsDialect(MetricsDialect.LLAMACPP)
            .withDisconnectPolicy(policy));
  }

  private static GatlingFork.Result run(Path dir, EmbeddedEngine engine) {
    // an external target: the saturation stop is on, and cuts the requests still in flight after
    // its drain bound (10 s): the work a run-on server keeps
    GatlingFork.Result run =
        GatlingFork.run(
            dev.ttftgap.simulations.RisingRateSimulation.class,
            dir,
            Map.of(
                "profile",
                "rising-rate",
                "load.steps",
                "0.5,3,6",
                "load.stepDurationSeconds",
                "12"),
            Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", MODEL),
            false,
            Duration.ofMinutes(4));
    assertThat(run.output())
        .as("the stairs stopped at a saturated step; output:\n%s", run.output())
        .contains("ttft-gap: stairs stopped");
    return run;
  }

  private static JsonNode capacity(GatlingFork.Result run) throws java.io.IOException {
    return JSON.readTree(Files.readString(run.runFolder().resolve("capacity.json")));
  }
}
