package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Launch-day traffic end to end against an engine this test starts on loopback: request classes
 * drawn from one arrival process (the shipped {@code chat-and-rag}, shortened by knobs), a launch
 * spike whose queue rises and drains, and the replay of an arrival trace at a speed-up.
 */
class LaunchDayRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void classesInterleaveInOneArrivalProcessAndEachGetsItsOwnVerdict(@TempDir Path dir)
      throws IOException {
    Run run =
        run(
            dir,
            Map.of(
                "profile", "chat-and-rag", "load.steps", "1,2", "load.stepDurationSeconds", "10"),
            Duration.ofSeconds(240));
    List<RequestRecord> measured =
        run.records().stream().filter(r -> r.level().phase() != RequestPhase.WARMUP).toList();
    Map<String, Long> byClass =
        measured.stream()
            .collect(Collectors.groupingBy(r -> r.input().requestClass(), Collectors.counting()));
    assertThat(byClass).as("records by class").containsOnlyKeys("chat", "rag");
    assertThat(byClass.get("chat"))
        .as("chat's share of %s arrivals (80 %%)", measured.size())
        .isGreaterThan(byClass.get("rag"));
    assertThat(measured)
        .as("each class sends its own prompt length")
        .allSatisfy(
            r ->
                assertThat(r.input().askedPromptTokens())
                    .as("asked prompt of %s", r.input().requestClass())
                    .isGreaterThan(r.input().requestClass().equals("rag") ? 1500 : 0)
                    .isLessThan(r.input().requestClass().equals("rag") ? 3000 : 300));
    // classes interleave: the run's sequence of classes by start switches class many times
    List<String> order =
        measured.stream()
            .sorted(
                (a, b) ->
                    Long.compare(a.micros().startEpochMicros(), b.micros().startEpochMicros()))
            .map(r -> r.input().requestClass())
            .toList();
    long switches = 0;
    for (int i = 1; i < order.size(); i++) {
      switches += order.get(i).equals(order.get(i - 1)) ? 0 : 1;
    }
    assertThat(switches).as("class changes along %s", order).isGreaterThanOrEqualTo(3);
    JsonNode classes = run.capacity().path("classes");
    assertThat(classes.isArray()).as("capacity.json classes: %s", run.capacity()).isTrue();
    List<String> names = new ArrayList<>();
    classes.forEach(c -> names.add(c.path("name").asText()));
    assertThat(names).containsExactly("chat", "rag");
    assertThat(run.capacity().path("joint").isObject()).as("capacity.json joint").isTrue();
  }

  @Test
  void aLaunchSpikesQueueRisesAndDrainsAndTheReportTimesTheRecovery(@TempDir Path dir)
      throws IOException {
    Path profile = dir.resolve("spike.json");
    Files.writeString(
        profile,
        """
        {
          "name": "spike-it",
          "request": { "promptTokens": 100, "maxTokens": 64 },
          "load": {
            "model": "open",
            "arrivals": "uniform",
            "burst": { "baseRate": 3, "rate": 14, "burstSeconds": 6,
                       "beforeSeconds": 12, "afterSeconds": 30, "windowSeconds": 2 }
          },
          "timeouts": { "firstTokenSeconds": 60, "idleSeconds": 30, "streamSeconds": 120 },
          "slo": { "ttftP95Millis": 3000, "errorRatePercent": 1.0 }
        }
        """);
    Run run = run(dir, Map.of("profile", profile.toString()), Duration.ofSeconds(240));
    assertThat(run.records())
        .as("records")
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.ok()).isTrue());
    JsonNode recovery = run.capacity().path("recovery");
    assertThat(recovery.isObject()).as("capacity.json recovery: %s", run.capacity()).isTrue();
    assertThat(recovery.path("windows").size()).as("windows").isGreaterThan(20);
    assertThat(recovery.path("peakInFlight").asInt())
        .as("in flight at the spike's peak (the base keeps ~1-2)")
        .isGreaterThan(8);
    assertThat(recovery.path("recoverySeconds").isNumber())
        .as("the queue drained within the 30-s tail: %s", recovery)
        .isTrue();
    assertThat(recovery.path("predictedDrainSeconds").isNumber()).as("prediction").isTrue();
  }

  @Test
  void aTraceIsReplayedAtItsSpeedUp(@TempDir Path dir) throws IOException {
    List<Double> stamps = new ArrayList<>();
    StringBuilder file = new StringBuilder("# arrivals of a test: seconds\n");
    double t = 1_700_000_000.0;
    for (int i = 0; i < 40; i++) {
      t += i % 5 == 0 ? 1.2 : 0.3;
      stamps.add(t);
      file.append(String.format(java.util.Locale.ROOT, "%.3f%n", t));
    }
    Path arrivals = dir.resolve("arrivals.txt");
    Files.writeString(arrivals, file);
    Path profile = dir.resolve("trace.json");
    Files.writeString(
        profile,
        """
        {
          "name": "trace-it",
          "request": { "promptTokens": 100, "maxTokens": 16 },
          "load": {
            "model": "open",
            "trace": { "file": "%s", "speedup": 2, "windowSeconds": 4 }
          },
          "timeouts": { "firstTokenSeconds": 60, "idleSeconds": 30, "streamSeconds": 120 }
        }
        """
            .formatted(arrivals));
    Run run = run(dir, Map.of("profile", profile.toString()), Duration.ofSeconds(180));
    List<Long> starts =
        run.records().stream().map(r -> r.micros().startEpochMicros()).sorted().toList();
    assertThat(starts).as("one request per timestamp").hasSize(stamps.size());
    for (int i = 1; i < starts.size(); i++) {
      double replayed = (starts.get(i) - starts.get(0)) / 1e6;
      double traced = (stamps.get(i) - stamps.get(0)) / 2;
      assertThat(replayed).as("arrival %s, s after the first", i).isCloseTo(traced, within(0.15));
    }
  }

  /** What one run left: its records and capacity.json. */
  private record Run(List<RequestRecord> records, JsonNode capacity) {}

  private static Run run(Path dir, Map<String, String> properties, Duration timeout)
      throws IOException {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      GatlingFork.Result run =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir.resolve("out"),
              properties,
              Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like"),
              false,
              timeout);
      assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
      return new Run(
          RecordReader.read(run.records()),
          JSON.readTree(run.runFolder().resolve("capacity.json").toFile()));
    }
  }
}
