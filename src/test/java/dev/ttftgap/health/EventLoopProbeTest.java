package dev.ttftgap.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventLoopProbeTest {
  private final ScheduledExecutorService idle = Executors.newSingleThreadScheduledExecutor();
  private final ScheduledExecutorService blocked = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void shutDown() {
    idle.shutdownNow();
    blocked.shutdownNow();
  }

  @Test
  void aLoopBlockedByItsOwnTasksShowsTheBlockAsDelayWhileAnIdleLoopDoesNot() throws Exception {
    EventLoopProbe probe = EventLoopProbe.start(List.of(idle, blocked), Duration.ofMillis(5));
    // a task that holds the second loop for 40 ms every 100 ms, as a busy event loop would
    blocked.scheduleAtFixedRate(BlockingTasks.holding(40), 0, 100, TimeUnit.MILLISECONDS);
    Thread.sleep(1_000);
    List<List<Long>> delays = probe.drain();
    probe.stop();

    assertThat(delays).as("one list of delays per loop").hasSize(2);
    assertThat(delays.get(0)).as("ticks of the idle loop in 1 s at 5 ms").hasSizeGreaterThan(50);
    assertThat(delays.get(1).stream().mapToLong(Long::longValue).max().orElse(0))
        .as("largest delay on the blocked loop, µs: a tick due during a 40 ms block waits for it")
        .isGreaterThan(20_000);
    long idleLate = delays.get(0).stream().filter(d -> d > 20_000).count();
    assertThat(idleLate)
        .as("ticks of the idle loop more than 20 ms late (only a descheduled JVM would cause one)")
        .isLessThanOrEqualTo(2);
  }

  @Test
  void drainHandsOverEachDelayOnce() throws Exception {
    EventLoopProbe probe = EventLoopProbe.start(List.of(idle), Duration.ofMillis(5));
    Thread.sleep(200);
    int first = probe.drain().get(0).size();
    List<Long> second = probe.drain().get(0);
    probe.stop();

    assertThat(first).as("ticks recorded in 200 ms at 5 ms").isGreaterThan(10);
    assertThat(second.size())
        .as("ticks recorded between two immediate drains")
        .isLessThanOrEqualTo(1);
  }

  @Test
  void aLoopThatShutsDownEndsItsProbeQuietly() throws Exception {
    EventLoopProbe probe = EventLoopProbe.start(List.of(idle), Duration.ofMillis(5));
    idle.shutdownNow();
    Thread.sleep(50);
    assertThat(probe.drain().get(0).size())
        .as("ticks after the loop shut down")
        .isLessThanOrEqualTo(1);
  }
}
