package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.GroundTruth;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's "where the queue is" checked against runs where the answer is known: the engine's
 * own ground truth says, per request, how long it waited for an HTTP worker before the engine read
 * it (client send → {@code acceptedEpochMicros}: before the headers) and how long it then waited in
 * the scheduler's queue ({@code queueMicros}: after the headers). Two real Gatling runs on rising
 * stairs:
 *
 * <ul>
 *   <li>an engine with a bounded pool of {@value #WORKERS} HTTP workers (as llama.cpp's server, a
 *       thread-pool server or a gateway's connection limit): fewer workers than scheduler slots, so
 *       the queue forms before the headers and the report must say so, from the step where the
 *       engine's own worker wait grew;
 *   <li>the default engine (vLLM-like: headers at acceptance), whose queue forms in the scheduler:
 *       the report must say "after the headers".
 * </ul>
 *
 * <p>Per step whose TTFT grew well past its low-load band, the report's place must be the one the
 * ground truth gives by the same rule (the part that carries at least 70 % of the growth). Steps
 * near the band's edge are not compared one by one: there the split is within noise.
 */
class QueueLocationRunIT {
  private static final int WORKERS = 3;

  /**
   * A worker frees soon after its response ends (a gateway's limit on open requests, a thread pool
   * that parks idle keep-alive connections). With llama.cpp's 5-s hold the pool of 3 fills at 1 rps
   * already: Gatling's finished streams leave their connections idle, each holding a worker.
   */
  private static final long IDLE_HOLD_MILLIS = 200;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aBoundedWorkerPoolIsReportedAsAQueueBeforeTheHeadersFromTheStepItFilled(@TempDir Path dir)
      throws IOException {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults()
                .withPort(0)
                .withHttpWorkers(WORKERS)
                .withIdleWorkerHoldMillis(IDLE_HOLD_MILLIS))) {
      Observed run = run(dir, engine, "1,2,3,5,7");
      JsonNode location = run.capacity().path("queueLocation");
      assertThat(location.path("place").asText())
          .as("the run's queue place; capacity.json queueLocation %s", location)
          .isEqualTo("BEFORE_HEADERS");
      double band = bandWidth(location);
      // the report places a step by its median TTFT, which is not the sum of its parts' medians:
      // a step whose median worker wait grew by half the band while the pool filled can carry its
      // median TTFT past the band (a run of 2026-12-07: worker wait +10 ms, TTFB +10 ms measured,
      // band 20 ms, the report's first step one before the first whose wait passed the band)
      Integer truthFirst = run.firstStepWhereWorkerWaitExceeds(band / 2);
      Integer truthClear = run.firstStepWhereWorkerWaitExceeds(2 * band);
      assertThat(truthClear)
          .as(
              "the engine's own worker wait grew past twice the TTFT band (%s ms): %s",
              2 * band, run)
          .isNotNull();
      assertThat(location.path("beforeHeadersFromStep").asInt())
          .as(
              "the report's first step before the headers lies between the first step whose"
                  + " engine-side worker wait passed half the TTFT band and the first that passed"
                  + " it twice over; %s",
              run)
          .isBetween(truthFirst, truthClear);
      run.assertEveryClearStepAgreesWithTheGroundTruth(band);
      assertThat(run.output())
          .as("the console names the place of the queue")
          .contains("before the headers");
    }
  }

  @Test
  void theDefaultEnginesQueueIsReportedAfterTheHeaders(@TempDir Path dir) throws IOException {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      Observed run = run(dir, engine, "2,4,6,8,10");
      JsonNode location = run.capacity().path("queueLocation");
      assertThat(location.path("place").asText())
          .as("the run's queue place; capacity.json queueLocation %s", location)
          .isEqualTo("AFTER_HEADERS");
      assertThat(location.path("beforeHeadersFromStep").isNull())
          .as("no step is before the headers: %s", location)
          .isTrue();
      run.assertEveryClearStepAgreesWithTheGroundTruth(bandWidth(location));
    }
  }

  private static double bandWidth(JsonNode location) {
    return location.path("ttftBandUpperMillis").asDouble()
        - location.path("baselineTtftP50Millis").asDouble();
  }

  private static Observed run(Path dir, EmbeddedEngine engine, String steps) throws IOException {
    GatlingFork.Result result =
        GatlingFork.run(
            dev.ttftgap.simulations.RisingRateSimulation.class,
            dir,
            Map.of(
                "profile", "rising-rate",
                "load.steps", steps,
                "load.stepDurationSeconds", "10",
                "load.stopWhenSaturated", "false"),
            Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like"),
            false,
            Duration.ofMinutes(5));
    assertThat(result.exitCode())
        .as("Gatling run exit code; output:\n%s", result.output())
        .isZero();
    Path folder = result.runFolder();
    JsonNode capacity = JSON.readTree(Files.readString(folder.resolve("capacity.json")));
    Map<String, GroundTruth> truth =
        engine.groundTruths().stream()
            .collect(Collectors.toMap(GroundTruth::requestId, Function.identity()));
    List<RequestRecord> records =
        RecordReader.read(result.records()).stream()
            .filter(r -> !r.warmup() && r.ok() && r.level().step() >= 1)
            .toList();
    Observed observed = new Observed(result.output(), capacity, StepTruth.of(records, truth));
    System.out.printf(
        "queue location run (steps %s): report %s; %s; per step %s%n",
        steps, capacity.path("queueLocation"), observed, placesPerStep(capacity));
    return observed;
  }

  private static List<String> placesPerStep(JsonNode capacity) {
    List<String> places = new ArrayList<>();
    for (JsonNode step : capacity.path("steps")) {
      JsonNode location = step.path("queueLocation");
      places.add(
          step.path("step").asInt()
              + ":"
              + location.path("place").asText()
              + String.format(
                  " (TTFB %+.0f, gap %+.0f ms)",
                  location.path("ttfbGrowthP50Millis").asDouble(),
                  location.path("gapGrowthP50Millis").asDouble()));
    }
    return places;
  }

  /** The engine's own medians per step: worker wait (before the headers) and scheduler queue. */
  record StepTruth(int step, double workerWaitMillis, double schedulerQueueMillis) {
    static TreeMap<Integer, StepTruth> of(
        List<RequestRecord> records, Map<String, GroundTruth> truth) {
      Map<Integer, List<RequestRecord>> bySteps =
          records.stream().collect(Collectors.groupingBy(r -> r.level().step()));
      TreeMap<Integer, StepTruth> steps = new TreeMap<>();
      bySteps.forEach(
          (step, rs) -> {
            List<Double> waits = new ArrayList<>();
            List<Double> queues = new ArrayList<>();
            for (RequestRecord r : rs) {
              GroundTruth t = truth.get(r.identity().requestId());
              assertThat(t).as("engine ground truth for %s", r.identity().requestId()).isNotNull();
              waits.add((t.acceptedEpochMicros() - r.micros().startEpochMicros()) / 1000.0);
              queues.add(t.queueMicros() == null ? 0 : t.queueMicros() / 1000.0);
            }
            steps.put(step, new StepTruth(step, median(waits), median(queues)));
          });
      return steps;
    }

    private static double median(List<Double> values) {
      List<Double> sorted = values.stream().sorted().toList();
      int n = sorted.size();
      return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
  }

  record Observed(String output, JsonNode capacity, TreeMap<Integer, StepTruth> truth) {
    Integer firstStepWhereWorkerWaitExceeds(double millis) {
      StepTruth low = truth.firstEntry().getValue();
      return truth.values().stream()
          .filter(t -> t.workerWaitMillis() - low.workerWaitMillis() > millis)
          .map(StepTruth::step)
          .findFirst()
          .orElse(null);
    }

    /**
     * Every step whose growth the ground truth puts clearly past the band (more than twice its
     * width) carries the place the ground truth gives by the report's own 70 % rule.
     */
    void assertEveryClearStepAgreesWithTheGroundTruth(double band) {
      StepTruth low = truth.firstEntry().getValue();
      int compared = 0;
      for (JsonNode step : capacity.path("steps")) {
        StepTruth t = truth.get(step.path("step").asInt());
        if (t == null) {
          continue;
        }
        double before = Math.max(0, t.workerWaitMillis() - low.workerWaitMillis());
        double after = Math.max(0, t.schedulerQueueMillis() - low.schedulerQueueMillis());
        if (before + after <= 2 * band) {
          continue;
        }
        String expected =
            before >= 0.7 * (before + after)
                ? "BEFORE_HEADERS"
                : after >= 0.7 * (before + after) ? "AFTER_HEADERS" : "BOTH";
        assertThat(step.path("queueLocation").path("place").asText())
            .as(
                "step %s: engine worker wait +%.0f ms, scheduler queue +%.0f ms (band %.0f ms);"
                    + " report %s",
                t.step(), before, after, band, step.path("queueLocation"))
            .isEqualTo(expected);
        compared++;
      }
      assertThat(compared)
          .as("steps whose queue clearly grew, compared with the ground truth: %s", this)
          .isPositive();
    }

    @Override
    public String toString() {
      return "engine truth per step " + truth.values();
    }
  }
}
