package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.GroundTruth;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real load run stopped by SIGTERM in the middle of a step (Ctrl-C, a cancelled CI job) loses no
 * record: every request the engine received has its user's record, those still in flight as {@code
 * interrupted}, and the file stays where the run wrote it.
 */
class InterruptedRunIT {
  /** Over the engine's capacity at 200 output tokens, so that many requests are in flight. */
  private static final String PROFILE =
      """
      {
        "name": "interrupted",
        "request": { "promptTokens": 100, "maxTokens": 200, "temperature": 0.0 },
        "load": { "model": "open", "arrivals": "uniform", "steps": [8], "stepDurationSeconds": 60 },
        "timeouts": { "firstTokenSeconds": 60, "idleSeconds": 30, "streamSeconds": 120 },
        "slo": { "ttftP95Millis": 60000, "gapP95Millis": 60000, "errorRatePercent": 100 }
      }
      """;

  /**
   * Requests the engine served to the end at least {@link #SETTLE_MICROS} before the stop (the
   * preflight's three probes among them): the stop waits for them, so that some load requests were
   * surely in the client's hands well before it. The engine ends a batch's streams together, so
   * counting requests as they finish would stop the run moments after the first batch ended.
   */
  private static final int FINISHED_BEFORE_STOP = 10;

  /**
   * How long before the stop a stream must have ended for the client to have surely read it to its
   * end: far above the pauses a starved machine adds (two CPU hogs on 2 cores).
   */
  private static final long SETTLE_MICROS = 2_000_000;

  @Test
  void sigtermMidRunLeavesOneRecordPerRequestWithTheInFlightOnesInterrupted(@TempDir Path dir)
      throws IOException, InterruptedException {
    Path profile = Files.writeString(dir.resolve("interrupted.json"), PROFILE);
    Path results = dir.resolve("results");
    AtomicLong stopMicros = new AtomicLong();
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      GatlingFork.Result run =
          GatlingFork.runUntil(
              new GatlingFork.Launch(
                  RisingRateSimulation.class,
                  results,
                  Map.of("profile", profile.toString()),
                  Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like"),
                  false),
              () -> stopAt(stopMicros, finishedBefore(engine, nowMicros() - SETTLE_MICROS)),
              Duration.ofSeconds(90));
      assertThat(run.output())
          .as("the run was stopped mid-step, not finished")
          .doesNotContain("Simulation " + RisingRateSimulation.class.getName() + " completed");
      List<RequestRecord> records = RecordReader.read(recordsLeftIn(results));
      List<GroundTruth> truths = loadRequests(awaitDisconnects(engine), records);

      assertThat(records.stream().map(r -> r.identity().userId()).distinct().count())
          .as("one record per user, none twice")
          .isEqualTo(records.size());
      assertThat(records.size())
          .as("records vs requests the engine received (%s)", truths.size())
          .isGreaterThanOrEqualTo(truths.size());
      assertThat(records)
          .as("every record is ok or interrupted")
          .allSatisfy(
              r ->
                  assertThat(
                          r.result().outcome() == Outcome.OK
                              || r.result().reason() == FailureReason.INTERRUPTED)
                      .as("outcome of %s", r)
                      .isTrue());
      Set<String> okIds =
          records.stream()
              .filter(r -> r.result().outcome() == Outcome.OK)
              .map(r -> r.identity().requestId())
              .collect(Collectors.toSet());
      List<String> servedToTheEnd =
          truths.stream()
              .filter(t -> t.outcome().equals(GroundTruth.OK))
              .map(GroundTruth::requestId)
              .toList();
      // a stream the engine ended just before the stop may still be in the client's hands
      List<String> servedWellBeforeTheStop =
          truths.stream()
              .filter(t -> t.outcome().equals(GroundTruth.OK))
              .filter(t -> t.lastWrittenEpochMicros() < stopMicros.get() - SETTLE_MICROS)
              .map(GroundTruth::requestId)
              .toList();
      assertThat(servedWellBeforeTheStop)
          .as(
              "requests served well before the stop (stop at %d µs; load requests' last writes %s;"
                  + " all OK truths %d)",
              stopMicros.get(),
              truths.stream()
                  .filter(t -> t.outcome().equals(GroundTruth.OK))
                  .map(t -> String.valueOf(t.lastWrittenEpochMicros() - stopMicros.get()))
                  .toList(),
              finished(engine))
          .isNotEmpty();
      assertThat(okIds)
          .as("ok records of the requests served to the end well before the stop")
          .containsAll(servedWellBeforeTheStop);
      long cutOff =
          truths.stream().filter(t -> t.outcome().equals(GroundTruth.CLIENT_DISCONNECTED)).count();
      long interrupted =
          records.stream().filter(r -> r.result().reason() == FailureReason.INTERRUPTED).count();
      System.out.printf(
          "interrupted run: %d records (%d ok, %d interrupted) for %d requests the engine received"
              + " (%d served to the end, %d cut off)%n",
          records.size(), okIds.size(), interrupted, truths.size(), servedToTheEnd.size(), cutOff);
      assertThat(cutOff).as("requests the stop cut off at the engine").isPositive();
      assertThat(interrupted)
          .as("interrupted records vs requests the stop cut off at the engine")
          .isGreaterThanOrEqualTo(cutOff);
    }
  }

  /** Without the preflight's probes, which come before the load's first request. */
  private static List<GroundTruth> loadRequests(
      List<GroundTruth> truths, List<RequestRecord> records) {
    long firstSendMicros =
        records.stream().mapToLong(r -> r.timings().startEpochMillis()).min().orElseThrow() * 1000;
    return truths.stream().filter(t -> t.acceptedEpochMicros() >= firstSendMicros).toList();
  }

  /** Notes when the stop is decided (wall clock, as the engine's ground truth). */
  private static boolean stopAt(AtomicLong stopMicros, boolean stop) {
    if (stop) {
      stopMicros.compareAndSet(0, nowMicros());
    }
    return stop;
  }

  private static long nowMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
  }

  /**
   * Whether {@link #FINISHED_BEFORE_STOP} requests were served to the end before {@code micros}.
   */
  private static boolean finishedBefore(EmbeddedEngine engine, long micros) {
    return engine.groundTruths().stream()
            .filter(t -> t.outcome().equals(GroundTruth.OK))
            .filter(t -> t.lastWrittenEpochMicros() < micros)
            .count()
        >= FINISHED_BEFORE_STOP;
  }

  private static long finished(EmbeddedEngine engine) {
    return engine.groundTruths().stream().filter(t -> t.outcome().equals(GroundTruth.OK)).count();
  }

  /** The engine learns of the dropped connections a moment after the client's JVM is gone. */
  private static List<GroundTruth> awaitDisconnects(EmbeddedEngine engine)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (engine.runningCount("qwen3-8b-like") + engine.waitingCount("qwen3-8b-like") > 0
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return engine.groundTruths();
  }

  private static Path recordsLeftIn(Path results) throws IOException {
    try (Stream<Path> files = Files.list(results)) {
      List<Path> records =
          files.filter(p -> p.getFileName().toString().endsWith(".records.jsonl")).toList();
      assertThat(records).as("the records file the stopped run left in %s", results).hasSize(1);
      return records.get(0);
    }
  }
}
