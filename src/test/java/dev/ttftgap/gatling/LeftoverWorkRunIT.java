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
 * server's own drain rate. The check reads while the cut requests are still connected (the load
 * generator closes them only as it exits), so the sentence says its count includes them; with
 * {@link DisconnectPolicy#ABORT} (vLLM) the engine has dropped them once the load generator is
 * gone, with {@code RUN_ON} it still works on them: the engine's own gauges are read after the run
 * to prove each.
 */
class LeftoverWorkRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MODEL = "llamacpp-cpu-like";

  @Test
  void aServerThatKeepsWorkingForClientsThatLeftIsNamedAtTheRunsEnd(@TempDir Path dir)
      throws Exception {
    try (EmbeddedEngine engine = engine(DisconnectPolicy.RUN_ON)) {
      GatlingFork.Result run = run(dir, engine);
      JsonNode afterRun = capacity(run).path("serverMetrics").path("afterRun");
      assertThat(run.output())
          .as("the console's after-run line; afterRun %s; output:\n%s", afterRun, run.output())
          .containsPattern(
              "After the run the server still reports \\d+ requests? deferred and \\d+ running:"
                  + " at its drain rate of [0-9.]+ req/s, wait about");
      assertThat(afterRun.path("waiting").asDouble() + afterRun.path("running").asDouble())
          .as("work left in capacity.json's serverMetrics.afterRun %s", afterRun)
          .isPositive();
      assertThat(workLeft(engine))
          .as("the engine's own waiting + running once the load generator has exited")
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
      // the check reads while the cut requests' connections are still open (the load generator
      // closes them as it exits), so it counts them and must say so ...
      assertThat(run.output())
          .as("the after-run line names the cut requests it counted; output:\n%s", run.output())
          .containsPattern(
              "That count includes the \\d+ requests? this run cut, still connected when it read");
      // ... and the engine, aborting, has dropped them once the client has gone
      assertThat(workLeft(engine))
          .as("the engine's own waiting + running once the load generator has exited")
          .isZero();
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
                "profile", "rising-rate", "load.steps", "0.5,8", "load.stepDurationSeconds", "12"),
            Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", MODEL),
            false,
            Duration.ofMinutes(4));
    assertThat(run.output())
        .as("the stairs stopped at a saturated step; output:\n%s", run.output())
        .contains("ttft-gap: stairs stopped");
    run.output()
        .lines()
        .filter(l -> l.startsWith("ttft-gap: After the run"))
        .forEach(
            l ->
                System.out.println(
                    "leftover run (" + engine.config().disconnectPolicy() + "): " + l));
    return run;
  }

  /** Waiting + running as the engine's own {@code /metrics} say, polled for up to 5 s. */
  private static double workLeft(EmbeddedEngine engine) throws Exception {
    java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
    java.net.URI metrics =
        java.net.URI.create(engine.baseUrl().replaceFirst("/v1$", "") + "/metrics");
    double work = Double.NaN;
    for (int i = 0; i < 10; i++) {
      String page =
          client
              .send(
                  java.net.http.HttpRequest.newBuilder(metrics).GET().build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString())
              .body();
      work =
          page.lines()
              .filter(
                  l ->
                      l.startsWith("llamacpp:requests_processing")
                          || l.startsWith("llamacpp:requests_deferred"))
              .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
              .sum();
      if (work == 0) {
        return 0;
      }
      Thread.sleep(500);
    }
    return work;
  }

  private static JsonNode capacity(GatlingFork.Result run) throws java.io.IOException {
    return JSON.readTree(Files.readString(run.runFolder().resolve("capacity.json")));
  }
}
