package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.GroundTruth;
import dev.ttftgap.engine.ModelProfile;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real run (forked Gatling JVM) of stairs 0.5 → 10 rps against an engine this test starts with a
 * model of about 1 request/s, pointed at through {@code LLM_BASE_URL}, so an external target, where
 * {@code load.stopWhenSaturated} is on by default: the stairs stop in the first saturated step (2
 * rps), the requests in flight drain for the documented bound and the rest are cut, one record per
 * request sent, and the untried steps are named in {@code capacity.json}.
 */
class SaturationStopRunIT {
  private static final String MODEL = "slow-1rps";
  private static final int STEP_SECONDS = 15;

  /**
   * 2 sequences at once, 64 output tokens at 31 ms per step: 2 / (64 × 31 + 2 × 100 × 0.1475) ms =
   * 0.99 requests/s, about 2 s per request at low load.
   */
  private static final ModelProfile SLOW =
      new ModelProfile(
          MODEL,
          "about 1 req/s at 100 -> 64 tokens",
          2,
          2048,
          100_000,
          30.0,
          0.5,
          0.1475,
          16,
          16384,
          100,
          64,
          4096,
          List.of(),
          0,
          null,
          0,
          0);

  private static final String PROFILE =
      """
      {
        "name": "saturation-stop",
        "request": { "promptTokens": 100, "maxTokens": 64 },
        "load": {
          "model": "open", "warmup": { "level": 0.5, "durationSeconds": 6 },
          "steps": [0.5, 2, 4, 6, 8, 10], "stepDurationSeconds": %d
        },
        "timeouts": { "firstTokenSeconds": 120, "idleSeconds": 30, "streamSeconds": 120 }
      }
      """
          .formatted(STEP_SECONDS);

  /**
   * The documented bound on a request's time in flight: the saturated step's length plus the drain
   * bound, max(10 s, 2 × the low-load e2e of about 2 s) = 10 s; plus 3 s for the cut itself (the
   * load generator stops, then the records close) on a busy machine.
   */
  private static final long BOUND_MILLIS = (STEP_SECONDS + 10 + 3) * 1000L;

  @Test
  void stairsPastASlowServersCapacityStopAtTheFirstSaturatedStepWithinTheBound(@TempDir Path dir)
      throws Exception {
    Path profile = Files.writeString(dir.resolve("saturation-stop.json"), PROFILE);
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withPort(0).withProfiles(List.of(SLOW)).withProfile(MODEL))) {
      assertThat(SLOW.saturationRatePerSecond())
          .as("the model's capacity, req/s")
          .isBetween(0.9, 1.1);
      long started = System.nanoTime();
      GatlingFork.Result run =
          GatlingFork.risingRate(
              dir, profile.toString(), engine.baseUrl(), MODEL, false, Duration.ofSeconds(240));
      long seconds = (System.nanoTime() - started) / 1_000_000_000L;

      assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
      assertThat(run.output())
          .as("the stop is said as it happens")
          .contains(
              "ttft-gap: stairs stopped: Not run: step 3 · 4 rps, step 4 · 6 rps, step 5 · 8 rps,"
                  + " step 6 · 10 rps: the server was saturated at step 2 (2 rps): achieved ");
      assertThat(seconds)
          .as("ended early: the warm-up and stairs alone last %d s", 6 + 6 * STEP_SECONDS)
          .isLessThan(6 + 6 * STEP_SECONDS);

      Path recordsFile = run.records();
      long cutAtMillis = Files.getLastModifiedTime(recordsFile).toMillis();
      List<RequestRecord> records = RecordReader.read(recordsFile);
      assertThat(records.stream().map(r -> r.identity().userId()).distinct().count())
          .as("one record per user, none twice")
          .isEqualTo(records.size());
      assertThat(records)
          .as("nothing sent after the stop: every request belongs to the warm-up, step 1 or 2")
          .allSatisfy(
              r ->
                  assertThat(r.level().step())
                      .as("step of %s", r.identity().userId())
                      .isBetween(0, 2));
      assertThat(records)
          .as("no request was merely interrupted: each ended or was cut by the stop")
          .noneMatch(r -> r.result().reason() == FailureReason.INTERRUPTED);
      List<Long> waits = new ArrayList<>();
      for (RequestRecord r : records) {
        long wait =
            r.result().reason() == FailureReason.STOPPED_SATURATED
                ? cutAtMillis - r.timings().startEpochMillis()
                : longest(r);
        waits.add(wait);
      }
      long longestWait = waits.stream().mapToLong(Long::longValue).max().orElseThrow();
      long cut =
          records.stream()
              .filter(r -> r.result().reason() == FailureReason.STOPPED_SATURATED)
              .count();
      System.out.printf(
          "saturation stop: %d records (%d cut), longest time in flight %d ms (bound %d ms), run %d"
              + " s%n",
          records.size(), cut, longestWait, BOUND_MILLIS, seconds);
      assertThat(longestWait)
          .as("no request in flight longer than the bound (step + drain); waits %s", waits)
          .isLessThanOrEqualTo(BOUND_MILLIS);

      List<GroundTruth> received = loadRequests(awaitDisconnects(engine), records);
      assertThat(records.size())
          .as("records vs load requests the engine received (%d)", received.size())
          .isGreaterThanOrEqualTo(received.size());

      JsonNode capacity =
          new ObjectMapper().readTree(run.runFolder().resolve("capacity.json").toFile());
      List<String> notes = new ArrayList<>();
      capacity.get("runNotes").forEach(note -> notes.add(note.asText()));
      assertThat(notes)
          .as("capacity.json names the untried steps")
          .anySatisfy(
              note ->
                  assertThat(note)
                      .startsWith(
                          "Not run: step 3 · 4 rps, step 4 · 6 rps, step 5 · 8 rps, step 6 · 10"
                              + " rps: the server was saturated at step 2 (2 rps)")
                      .contains("backlog rising"));
      JsonNode steps = capacity.get("steps");
      List<Integer> stepIndexes = new ArrayList<>();
      steps.forEach(step -> stepIndexes.add(step.get("step").asInt()));
      assertThat(stepIndexes).as("the report's steps are those that ran").containsExactly(1, 2);
      assertThat(steps.get(1).get("cutByClientRequests").asInt())
          .as("the cut requests are counted as cut by the client")
          .isEqualTo(
              (int)
                  records.stream()
                      .filter(r -> r.level().step() == 2)
                      .filter(r -> r.result().reason() == FailureReason.STOPPED_SATURATED)
                      .count());
      // a step of 8 requests (step 1) can itself read as saturated after the fact, so the
      // analysis is asked to agree on step 2: saturated (the run of saturated steps reaches it)
      // and not steady (its completions fell behind, or its backlog rose)
      JsonNode saturation = capacity.get("saturation");
      assertThat(saturation.get("reached").asBoolean())
          .as("the post-run analysis agrees: saturated (%s)", saturation)
          .isTrue();
      assertThat(saturation.get("step").asInt()).as("by step 2 (%s)", saturation).isLessThan(3);
      JsonNode steady = steps.get(1).get("steadyState");
      assertThat(steady.get("steady").asBoolean())
          .as("step 2 is not steady (%s)", steady)
          .isFalse();
    }
  }

  @Test
  void aWrongValueFailsInOneLineBeforeAnyRequest(@TempDir Path dir) throws Exception {
    Path profile = Files.writeString(dir.resolve("saturation-stop.json"), PROFILE);
    try (RejectingServer server = RejectingServer.start(400, "never")) {
      GatlingFork.Result run =
          GatlingFork.run(
              dev.ttftgap.simulations.RisingRateSimulation.class,
              dir.resolve("results"),
              java.util.Map.of("profile", profile.toString(), "load.stopWhenSaturated", "yes"),
              java.util.Map.of(
                  "LLM_BASE_URL", server.baseUrl(), "LLM_MODEL", RejectingServer.MODEL),
              false,
              Duration.ofSeconds(90));

      assertThat(run.exitCode()).as("exit status; output:\n%s", run.output()).isEqualTo(1);
      List<String> lines = run.output().lines().filter(l -> !l.isBlank()).toList();
      assertThat(lines)
          .as("the whole console output is the one line")
          .containsExactly(
              "ttft-gap: load.stopWhenSaturated: \"yes\" is not a boolean; use"
                  + " -Dload.stopWhenSaturated=true or false");
      assertThat(server.requests()).as("requests that reached the server").isZero();
    }
  }

  /** A record's longest known duration: e2e, else TTFT, else TTFB; 0 when none is known. */
  private static long longest(RequestRecord r) {
    return r.timings().e2eMillis() != null
        ? r.timings().e2eMillis()
        : r.timings().ttftMillis() != null
            ? r.timings().ttftMillis()
            : r.timings().ttfbMillis() != null ? r.timings().ttfbMillis() : 0;
  }

  /** Without the preflight's probes, which come before the load's first request. */
  private static List<GroundTruth> loadRequests(
      List<GroundTruth> truths, List<RequestRecord> records) {
    long firstSendMicros =
        records.stream().mapToLong(r -> r.timings().startEpochMillis()).min().orElseThrow() * 1000;
    return truths.stream()
        .filter(t -> t.acceptedEpochMicros() >= firstSendMicros)
        .collect(Collectors.toList());
  }

  /** The engine learns of the dropped connections a moment after the client's JVM is gone. */
  private static List<GroundTruth> awaitDisconnects(EmbeddedEngine engine)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (engine.runningCount(MODEL) + engine.waitingCount(MODEL) > 0
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return engine.groundTruths();
  }
}
