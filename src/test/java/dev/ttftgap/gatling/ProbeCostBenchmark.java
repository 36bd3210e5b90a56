package dev.ttftgap.gatling;

import dev.ttftgap.health.EventLoopProbe;
import dev.ttftgap.health.LoadGeneratorMonitor;
import io.gatling.netty.util.Transports;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What the load generator's health probes cost in CPU, on and off, measured on the threads that pay
 * for it (each thread's own CPU time), so that other processes on a shared machine blur it as
 * little as possible.
 *
 * <p>Gatling's own event loops (the group Gatling creates, {@code Transports.newEventLoopGroup},
 * native transport) are kept as busy as a run's at 2,000 streams: {@code tasksPerSecond} small
 * tasks a second, spread over the loops (a stand-in for ~40,000 SSE events a second). Two phases of
 * {@code seconds} each: probes off, then on (a tick every 10 ms per loop, the monitor's sample
 * thread, one injection delay per start at {@code startsPerSecond}). The difference in the loops'
 * CPU plus the monitor thread's CPU is the probes' cost.
 *
 * <pre>
 * mvn -q -o test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.ttftgap.gatling.ProbeCostBenchmark [-Dexec.args="4 40000 50 20"]
 * </pre>
 *
 * <p>Arguments: loops (4: Gatling's default on 2 cores), tasks a second (40,000), starts a second
 * (50: 2,000 closed-model streams of ~40 s each), seconds per phase (20).
 */
public final class ProbeCostBenchmark {
  private ProbeCostBenchmark() {}

  public static void main(String[] args) throws Exception {
    int loops = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int tasksPerSecond = args.length > 1 ? Integer.parseInt(args[1]) : 40_000;
    int startsPerSecond = args.length > 2 ? Integer.parseInt(args[2]) : 50;
    int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 20;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    var group = Transports.newEventLoopGroup(true, false, loops, "probecost");
    List<ScheduledExecutorService> executors = new ArrayList<>();
    for (Object loop : group) {
      executors.add((ScheduledExecutorService) loop);
    }
    // start every loop's thread, then find them by name
    for (ScheduledExecutorService executor : executors) {
      executor.submit(() -> {}).get();
    }
    long[] loopThreads = threadsNamed(threads, "probecost");

    Path file = Files.createTempFile("probe-cost", ".jsonl");
    LoadGeneratorMonitor monitor = LoadGeneratorMonitor.start(file, elapsed -> 1);
    long monitorThread = threadsNamed(threads, "ttftgap-load-generator-monitor")[0];
    List<Double> costs = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    EventLoopProbe probe = null;
    for (int round = 0; round < ROUNDS; round++) {
      // off: no probe ticks, no delays recorded; on: a fresh probe for the phase
      Phase off = phase(executors, tasksPerSecond, seconds, threads, loopThreads, null, 0);
      probe = EventLoopProbe.start(executors, EventLoopProbe.DEFAULT_PERIOD);
      long monitorBefore = threads.getThreadCpuTime(monitorThread);
      Phase on =
          phase(executors, tasksPerSecond, seconds, threads, loopThreads, monitor, startsPerSecond);
      double monitorNanos = threads.getThreadCpuTime(monitorThread) - monitorBefore;
      probe.stop();
      // the loops' CPU with the probes, less what the same tasks cost without them
      double loopsExtra = on.cpuNanos() - off.cpuNanos() * on.tasks() / (double) off.tasks();
      double cost = (loopsExtra + monitorNanos) / on.cpuNanos();
      costs.add(cost);
      lines.add(
          String.format(
              Locale.ROOT,
              "  round %d: loops off %.2f µs/task (%,d tasks), on %.2f µs/task (%,d tasks);"
                  + " monitor %.2f ms/s; probes %.2f %% of the loops' CPU",
              round + 1,
              off.cpuNanos() / 1e3 / off.tasks(),
              off.tasks(),
              on.cpuNanos() / 1e3 / on.tasks(),
              on.tasks(),
              monitorNanos / 1e6 / seconds,
              100 * cost));
    }
    monitor.close();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    Files.deleteIfExists(file);
    costs.sort(null);
    System.out.printf(
        Locale.ROOT,
        "probe cost, %d Gatling event loops, %,d tasks/s on them, %d starts/s, %d rounds of %d s"
            + " off then %d s on (%d ticks/s of %d ms):%n",
        loops,
        tasksPerSecond,
        startsPerSecond,
        ROUNDS,
        seconds,
        seconds,
        loops * 1000 / EventLoopProbe.DEFAULT_PERIOD_MILLIS,
        EventLoopProbe.DEFAULT_PERIOD_MILLIS);
    lines.forEach(System.out::println);
    System.out.printf(
        Locale.ROOT,
        "  median: the probes cost %.2f %% of the loops' CPU%n",
        100 * costs.get(ROUNDS / 2));
  }

  private static final int ROUNDS = 3;

  /** CPU the loops used in a phase, and the tasks they ran. */
  private record Phase(long cpuNanos, long tasks) {}

  /** Runs the load for {@code seconds}. */
  private static Phase phase(
      List<ScheduledExecutorService> executors,
      int tasksPerSecond,
      int seconds,
      ThreadMXBean threads,
      long[] loopThreads,
      LoadGeneratorMonitor monitor,
      int startsPerSecond)
      throws InterruptedException {
    long before = cpu(threads, loopThreads);
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(seconds);
    // batches of tasks every millisecond, round robin over the loops
    int perMilli = Math.max(1, tasksPerSecond / 1000);
    long sent = 0;
    long starts = 0;
    while (System.nanoTime() < end) {
      for (int i = 0; i < perMilli; i++) {
        executors.get((int) (sent++ % executors.size())).execute(ProbeCostBenchmark::work);
      }
      long elapsed = System.nanoTime() - start;
      if (monitor != null && starts * 1_000_000_000L / Math.max(1, startsPerSecond) < elapsed) {
        ScheduledExecutorService loop = executors.get((int) (starts++ % executors.size()));
        loop.execute(() -> monitor.injectionDelay(monitor.elapsedNanos() % 1_000_000));
      }
      TimeUnit.MICROSECONDS.sleep(1000);
    }
    return new Phase(cpu(threads, loopThreads) - before, sent);
  }

  /** About what handling one SSE event costs the loop (a few µs of parsing and bookkeeping). */
  private static void work() {
    long x = System.nanoTime();
    for (int i = 0; i < 200; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
    }
    if (x == 42) {
      System.out.print("");
    }
  }

  private static long cpu(ThreadMXBean threads, long[] ids) {
    long sum = 0;
    for (long id : ids) {
      sum += threads.getThreadCpuTime(id);
    }
    return sum;
  }

  private static long[] threadsNamed(ThreadMXBean threads, String prefix) {
    List<Long> ids = new ArrayList<>();
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null && info.getThreadName().startsWith(prefix)) {
        ids.add(info.getThreadId());
      }
    }
    if (ids.isEmpty()) {
      throw new IllegalStateException("no thread named " + prefix + "*");
    }
    return ids.stream().mapToLong(Long::longValue).toArray();
  }
}
