package dev.ttftgap.bench;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Samples this JVM's CPU time and heap into a CSV file while a load runs, so the benchmark can
 * report the load generator's own cost.
 *
 * <p>Lines: {@code cpu,<epochMillis>,<processCpuNanos>,<heapUsedBytes>} every period, and {@code
 * gc,<epochMillis>,<heapUsedAfterGcBytes>,<pauseMillis>} after each collection (0 for a concurrent
 * cycle; heap -1 for the pause of a collector that reports its cycles apart, ZGC's or
 * Shenandoah's). Heap after a collection is the live set plus not-yet-collected old garbage, far
 * steadier than the sawtooth of heap used, so heap per stream is taken from it. Each line is
 * flushed: the process may end with {@code System.exit}.
 */
final class ProcessSampler {
  private final Writer out;
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private ProcessSampler(Writer out) {
    this.out = out;
  }

  /** Starts sampling every {@code periodMillis} on a daemon thread. */
  static void start(Path file, long periodMillis) {
    try {
      ProcessSampler sampler =
          new ProcessSampler(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
      sampler.listenToCollections();
      Thread thread = new Thread(() -> sampler.loop(periodMillis), "ttftgap-sampler");
      thread.setDaemon(true);
      thread.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void loop(long periodMillis) {
    while (true) {
      long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      line("cpu," + System.currentTimeMillis() + "," + os.getProcessCpuTime() + "," + heap);
      try {
        Thread.sleep(periodMillis);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void listenToCollections() {
    GcNotifications.onEachCollection(
        info -> {
          String name = info.getGcName();
          // ZGC and Shenandoah report their pauses apart ("ZGC Pauses") from their cycles ("ZGC
          // Cycles"): the heap after a collection is the cycle's (-1 on a pause's line); a cycle
          // runs beside the application, so only a pause's duration is paused time
          long after =
              name.endsWith("Pauses")
                  ? -1
                  : info.getGcInfo().getMemoryUsageAfterGc().values().stream()
                      .mapToLong(MemoryUsage::getUsed)
                      .sum();
          boolean concurrent = name.contains("Concurrent") || name.contains("Cycles");
          long pause = concurrent ? 0 : info.getGcInfo().getDuration();
          line("gc," + System.currentTimeMillis() + "," + after + "," + pause);
        });
  }

  private synchronized void line(String text) {
    try {
      out.write(text);
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      // sampling must never disturb the run it observes
    }
  }
}
