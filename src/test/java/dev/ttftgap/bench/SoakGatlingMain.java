package dev.ttftgap.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Entry point of the soak benchmark's load-generator JVM: every minute a full collection ({@link
 * System#gc()}), then one {@code ttft-gap soak:} line with the heap used right after it and the
 * resident memory; then Gatling's own main, as the Maven plugin runs it.
 */
public final class SoakGatlingMain {
  private static final long PERIOD_MILLIS = 60_000;

  private SoakGatlingMain() {}

  public static void main(String[] args) {
    long start = System.currentTimeMillis();
    Thread sampler =
        new Thread(
            () -> {
              try {
                while (true) {
                  Thread.sleep(PERIOD_MILLIS);
                  System.gc();
                  long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
                  System.out.printf(
                      Locale.ROOT,
                      SoakBenchmark.SAMPLE_PREFIX + "%d s: heap after GC %.1f MiB, resident %s%n",
                      (System.currentTimeMillis() - start) / 1000,
                      heap / 1048576.0,
                      residentMemory());
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "soak-sampler");
    sampler.setDaemon(true);
    sampler.start();
    io.gatling.app.Gatling.main(args);
  }

  private static String residentMemory() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          long kib = Long.parseLong(line.replaceAll("[^0-9]", ""));
          return String.format(Locale.ROOT, "%.0f MiB", kib / 1024.0);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux: no resident figure
    }
    return "unknown";
  }
}
