package dev.ttftgap.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.measure.WallClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadGeneratorMonitorTest {

  @Test
  void aDeliberatelyBlockedEventLoopIsFlaggedAtTheStepWhereItWasBlocked(@TempDir Path dir)
      throws Exception {
    ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
    Path file = dir.resolve(LoadGeneratorLog.FILE_NAME);
    long blockedFromMicros;
    long blockedToMicros;
    // step 1 for the first second, step 2 after
    LoadGeneratorMonitor monitor =
        LoadGeneratorMonitor.start(
            file, elapsed -> elapsed < 1000 ? 1 : 2, Duration.ofMillis(200), Duration.ofMillis(5));
    try {
      monitor.probe(List.of(loop));
      for (int i = 0; i < 10; i++) {
        monitor.injectionDelay(50_000_000L + i * 1_000_000L);
      }
      Thread.sleep(1100);
      // step 2: the loop runs 30 ms tasks back to back, as an overloaded client's loop would
      blockedFromMicros = WallClock.epochMicros();
      loop.scheduleAtFixedRate(BlockingTasks.holding(30), 0, 35, TimeUnit.MILLISECONDS);
      Thread.sleep(700);
      blockedToMicros = WallClock.epochMicros();
    } finally {
      monitor.close();
      loop.shutdownNow();
    }

    LoadGeneratorHealth health = LoadGeneratorAnalysis.analyze(LoadGeneratorLog.read(file));

    assertThat(health.step(2).vouched()).as("step 2, loop blocked 30 ms at a time").isFalse();
    assertThat(health.step(2).reason()).as("why step 2 is flagged").startsWith("event-loop delay");
    assertThat(health.step(2).eventLoopDelayP99Millis())
        .as("event-loop delay p99 of step 2, ms")
        .isGreaterThan(10);
    assertThat(health.step(1).eventLoopDelayP50Millis())
        .as("median event-loop delay of the quiet step 1, ms")
        .isLessThan(5);
    assertThat(health.step(1).injectionLagMaxMillis())
        .as("largest injection lag: 9 ms behind the best-served start")
        .isEqualTo(9.0);
    assertThat(health.run().cpuCores()).as("CPU the test process used, cores").isPositive();
    assertThat(health.unvouchedSteps()).as("steps that cannot be vouched for").contains(2);

    List<EventLoopStall> longStalls =
        LoadGeneratorLog.read(file).stream()
            .flatMap(
                s -> s.eventLoopStalls() == null ? Stream.empty() : s.eventLoopStalls().stream())
            .filter(stall -> stall.delayMicros() >= 10_000)
            .toList();
    assertThat(longStalls)
        .as("stalls of 10 ms or more, recorded with their wall-clock times")
        .isNotEmpty();
    assertThat(longStalls)
        .as("each ran while the loop was blocked, after the loop was last seen free")
        .allSatisfy(
            stall -> {
              assertThat(stall.endEpochMicros())
                  .isBetween(blockedFromMicros, blockedToMicros + 50_000);
              assertThat(stall.sinceEpochMicros())
                  .isLessThanOrEqualTo(stall.endEpochMicros() - stall.delayMicros());
            });
  }

  @Test
  void onlyTheFirstSetOfLoopsIsProbed(@TempDir Path dir) {
    ScheduledExecutorService first = Executors.newSingleThreadScheduledExecutor();
    ScheduledExecutorService second = Executors.newSingleThreadScheduledExecutor();
    Path file = dir.resolve(LoadGeneratorLog.FILE_NAME);
    LoadGeneratorMonitor monitor = LoadGeneratorMonitor.start(file, elapsed -> 1);
    try {
      assertThat(monitor.probing()).as("probing before any loop was given").isFalse();
      monitor.probe(List.of(first));
      monitor.probe(List.of(first, second));
    } finally {
      monitor.close();
      first.shutdownNow();
      second.shutdownNow();
    }
    List<LoadGeneratorSample> samples = LoadGeneratorLog.read(file);
    assertThat(samples).as("the last sample, taken on close").isNotEmpty();
    assertThat(samples.get(samples.size() - 1).eventLoopDelaysMicros())
        .as("loops probed: the first call's one")
        .hasSize(1);
  }
}
