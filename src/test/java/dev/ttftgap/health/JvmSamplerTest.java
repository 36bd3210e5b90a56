package dev.ttftgap.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmSamplerTest {

  @Test
  void processCpuTimeGrowsWithWork() {
    try (JvmSampler sampler = JvmSampler.start()) {
      Long before = sampler.cpuNanos();
      // spin until this thread has had 200 ms of CPU (not of wall time: a busy machine gives less)
      java.lang.management.ThreadMXBean threads =
          java.lang.management.ManagementFactory.getThreadMXBean();
      long threadStart = threads.getCurrentThreadCpuTime();
      long deadline = System.nanoTime() + 30_000_000_000L;
      long sum = 0;
      while (threads.getCurrentThreadCpuTime() - threadStart < 200_000_000L
          && System.nanoTime() < deadline) {
        sum += Long.numberOfTrailingZeros(System.nanoTime());
      }
      Long after = sampler.cpuNanos();
      assertThat(sum).as("work done").isPositive();
      assertThat(before).as("CPU time before (HotSpot reports it)").isNotNull();
      assertThat(after - before)
          .as("process CPU ns over 200 ms of this thread's CPU (10-ms ticks)")
          .isGreaterThan(150_000_000L);
      assertThat(sampler.processors()).isPositive();
    }
  }

  @Test
  void anExplicitGcIsReportedAsAPauseWithTheHeapAfterIt() throws Exception {
    try (JvmSampler sampler = JvmSampler.start()) {
      sampler.drainGc();
      List<byte[]> garbage = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        garbage.add(new byte[64 * 1024]);
      }
      garbage.clear();
      System.gc();
      JvmSampler.GcWindow window = sampler.drainGc();
      // notifications are delivered on another thread
      for (int i = 0; i < 50 && window.pausesMillis().isEmpty(); i++) {
        Thread.sleep(100);
        window = sampler.drainGc();
      }
      assertThat(window.pausesMillis()).as("pauses after System.gc()").isNotEmpty();
      assertThat(window.heapAfterGcBytes()).as("heap after the GC, bytes").isPositive();
    }
  }

  @Test
  void concurrentCyclesAreNotPauses() {
    assertThat(JvmSampler.isPausing("G1 Young Generation")).isTrue();
    assertThat(JvmSampler.isPausing("ZGC Pauses")).isTrue();
    assertThat(JvmSampler.isPausing("ZGC Cycles")).isFalse();
    assertThat(JvmSampler.isPausing("G1 Concurrent GC")).isFalse();
  }
}
