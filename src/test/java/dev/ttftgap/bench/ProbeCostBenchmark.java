package dev.ttftgap.bench;

import dev.ttftgap.health.LoadGeneratorMonitor;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the load generator's health probes cost in CPU, measured on their own threads, so that other
 * processes on the machine do not blur it: the probe's ticks on {@code loops} otherwise idle
 * executors (a tick every 10 ms each, as in a run), and the monitor's thread writing one sample a
 * second with {@code starts} injection delays a second.
 *
 * <pre>
 * mvn -q -o test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.ttftgap.bench.ProbeCostBenchmark [-Dexec.args="4 2000 20"]
 * </pre>
 *
 * <p>Arguments: loops (4: Gatling's default on 2 cores), starts per second (2000), seconds (20).
 * CPU is each thread's own CPU time ({@code ThreadMXBean}), so it counts what the probes did, not
 * how long they waited for a core. The executors are {@code ScheduledThreadPoolExecutor}s, whose
 * scheduling costs at least what a Netty event loop's in-thread timer queue does.
 */
public final class ProbeCostBenchmark {
  private ProbeCostBenchmark() {}

  public static void main(String[] args) throws Exception {
    int loops = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int startsPerSecond = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    List<AtomicLong> loopThreadIds = new ArrayList<>();
    List<ScheduledExecutorService> executors = new ArrayList<>();
    for (int i = 0; i < loops; i++) {
      AtomicLong id = new AtomicLong();
      ThreadFactory factory =
          r -> {
            Thread thread = new Thread(r, "probe-cost-loop");
            id.set(thread.getId());
            return thread;
          };
      ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(factory);
      executor.submit(() -> {}).get();
      loopThreadIds.add(id);
      executors.add(executor);
    }
    Path file = Files.createTempFile("probe-cost", ".jsonl");
    LoadGeneratorMonitor monitor = LoadGeneratorMonitor.start(file, elapsed -> 1);
    long monitorThread = monitorThreadId(threads);
    long[] loopCpuBefore =
        loopThreadIds.stream().mapToLong(id -> threads.getThreadCpuTime(id.get())).toArray();
    long monitorCpuBefore = threads.getThreadCpuTime(monitorThread);
    long injectingCpuBefore = threads.getCurrentThreadCpuTime();
    monitor.probe(executors);
    long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    long interval = 1_000_000_000L / startsPerSecond;
    long next = System.nanoTime();
    while (next < end) {
      monitor.injectionDelay(System.nanoTime() - next);
      next += interval;
      long wait = next - System.nanoTime();
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
    }
    long injectingCpu = threads.getCurrentThreadCpuTime() - injectingCpuBefore;
    long loopCpu = 0;
    for (int i = 0; i < loops; i++) {
      loopCpu += threads.getThreadCpuTime(loopThreadIds.get(i).get()) - loopCpuBefore[i];
    }
    long monitorCpu = threads.getThreadCpuTime(monitorThread) - monitorCpuBefore;
    monitor.close();
    executors.forEach(ScheduledExecutorService::shutdownNow);
    long ticks = Math.round(seconds * 100.0 * loops);
    System.out.printf(
        Locale.ROOT,
        "probe cost, %d loops × 100 ticks/s, %d starts/s, %d s:%n"
            + "  event-loop ticks: %.1f ms CPU/s (%.2f µs per tick, ~%d ticks)%n"
            + "  monitor thread (one sample a second, %d delays each): %.2f ms CPU/s%n"
            + "  recording the starts' delays (%d/s, on the calling thread, includes its sleeps'"
            + " overhead): %.2f ms CPU/s%n"
            + "  probes in all, without the caller's loop: %.2f ms CPU/s = %.3f %% of one core%n",
        loops,
        startsPerSecond,
        seconds,
        loopCpu / 1e6 / seconds,
        loopCpu / 1e3 / ticks,
        ticks,
        startsPerSecond,
        monitorCpu / 1e6 / seconds,
        startsPerSecond,
        injectingCpu / 1e6 / seconds,
        (loopCpu + monitorCpu) / 1e6 / seconds,
        (loopCpu + monitorCpu) / 1e7 / seconds);
    Files.deleteIfExists(file);
  }

  private static long monitorThreadId(ThreadMXBean threads) {
    for (long id : threads.getAllThreadIds()) {
      var info = threads.getThreadInfo(id);
      if (info != null && info.getThreadName().equals("ttftgap-load-generator-monitor")) {
        return id;
      }
    }
    throw new IllegalStateException("no monitor thread");
  }
}
