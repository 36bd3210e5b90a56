package dev.ttftgap.engine.bench;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.EngineLag;
import dev.ttftgap.engine.EngineTransport;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Benchmark of the engine at thousands of concurrent streams on ONE event-loop thread.
 *
 * <pre>
 * mvn -q -o test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.ttftgap.engine.bench.EngineBenchmark [-Dexec.args="2000 10"]
 * </pre>
 *
 * <p>Algorithm overview: starts the engine (profile {@code stress}, one event-loop thread), warms
 * it up with 300 streams in a client JVM, measures the GC'd heap, opens STREAMS (default 2,000)
 * streams from a fresh client JVM ({@link BenchmarkClient}, so only the engine's own heap is in
 * this JVM), waits until every stream has a content token, then for SECONDS (default 10) records
 * the write lag of every token (moment the chunk is handed to the connection minus the planned end
 * of the step that produced it) and counts events, then measures the GC'd heap again with the
 * streams still open, and finally closes the client and checks every slot is released.
 *
 * <p>Prints: concurrent streams held, write lag p50/p99/max (ms), heap per open stream (KB; also
 * direct buffer memory per stream), content events per second. Targets: ≥ 2,000 streams, p99 ≤ 2
 * ms, ≤ 16 KB per stream.
 */
public final class EngineBenchmark {
  private EngineBenchmark() {}

  public static void main(String[] args) throws Exception {
    int streams = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    EngineConfig config =
        EngineConfig.defaults()
            .withProfile("stress")
            .withEventLoopThreads(1)
            .withGroundTruthCapacity(1000)
            .withTransport(
                EngineTransport.valueOf(
                    System.getProperty("engine.transport", "nio").toUpperCase(Locale.ROOT)));
    try (EmbeddedEngine engine = EmbeddedEngine.start(config)) {
      System.out.println(
          "engine "
              + engine.baseUrl()
              + ", profile stress, 1 event-loop thread, transport "
              + engine.transport());
      Client warmUp = Client.start(engine.port(), 300);
      warmUp.awaitOpen(60);
      Thread.sleep(3000);
      warmUp.stop();
      awaitIdle(engine);

      long heapBefore = usedHeapAfterGc();
      long directBefore = directMemory();
      Client client = Client.start(engine.port(), streams);
      int open = client.awaitOpen(120);
      Thread.sleep(2000);
      engine.resetLag();
      long eventsStart = client.events();
      long start = System.nanoTime();
      Thread.sleep(seconds * 1000L);
      long eventsEnd = client.events();
      double elapsed = (System.nanoTime() - start) / 1e9;
      EngineLag timing = engine.lag();
      Histogram lag = timing.writeLagMicros();
      int held = engine.runningCount("stress");
      long heapDuring = usedHeapAfterGc();
      long directDuring = directMemory();
      client.stop();
      boolean released = awaitIdle(engine);

      System.out.printf(
          Locale.ROOT,
          "streams opened by client         %d%n"
              + "concurrent streams held          %d (engine running count)%n"
              + "write lag p50 / p99 / max        %.3f / %.3f / %.3f ms over %d token writes%n"
              + "step timer lag p50 / p99         %.3f / %.3f ms%n"
              + "step fan-out p50 / p99           %.3f / %.3f ms (all tokens of a step)%n"
              + "cost of one token write          %.1f µs (fan-out p50 / streams)%n"
              + "heap per open stream             %.2f KB (GC'd heap %d MB -> %d MB)%n"
              + "direct buffer memory per stream  %.2f KB (Netty allocator)%n"
              + "content events per second        %.0f (client-side count)%n"
              + "all slots released after close   %s%n",
          open,
          held,
          lag.getValueAtPercentile(50) / 1000.0,
          lag.getValueAtPercentile(99) / 1000.0,
          lag.getMaxValue() / 1000.0,
          lag.getTotalCount(),
          timing.stepLagMicros().getValueAtPercentile(50) / 1000.0,
          timing.stepLagMicros().getValueAtPercentile(99) / 1000.0,
          timing.fanOutMicros().getValueAtPercentile(50) / 1000.0,
          timing.fanOutMicros().getValueAtPercentile(99) / 1000.0,
          timing.fanOutMicros().getValueAtPercentile(50) / (double) Math.max(1, held),
          (heapDuring - heapBefore) / 1024.0 / held,
          heapBefore >> 20,
          heapDuring >> 20,
          (directDuring - directBefore) / 1024.0 / held,
          (eventsEnd - eventsStart) / elapsed,
          released);
    }
  }

  private static boolean awaitIdle(EmbeddedEngine engine) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (engine.runningCount("stress") == 0 && engine.waitingCount("stress") == 0) {
        return true;
      }
      Thread.sleep(50);
    }
    return false;
  }

  /** Direct memory held by Netty's default allocator (the engine's buffers), bytes. */
  private static long directMemory() {
    return ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider provider
        ? provider.metric().usedDirectMemory()
        : 0L;
  }

  private static long usedHeapAfterGc() throws InterruptedException {
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(200);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** A {@link BenchmarkClient} JVM. */
  private static final class Client {
    private final Process process;
    private final AtomicLong open = new AtomicLong(-1);
    private final AtomicLong events = new AtomicLong();

    private Client(Process process) {
      this.process = process;
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader lines =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = lines.readLine()) != null) {
                    if (line.startsWith("OPEN ")) {
                      open.set(Long.parseLong(line.substring(5)));
                    } else if (line.startsWith("EVENTS ")) {
                      events.set(Long.parseLong(line.substring(7)));
                    } else {
                      System.out.println("client: " + line);
                    }
                  }
                } catch (java.io.IOException e) {
                  // the client exited
                }
              });
      reader.setDaemon(true);
      reader.start();
    }

    static Client start(int port, int streams) throws Exception {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.add("-Xmx512m");
      command.add("-cp");
      command.add(classPath());
      command.add(BenchmarkClient.class.getName());
      command.add(Integer.toString(port));
      command.add(Integer.toString(streams));
      return new Client(
          new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    int awaitOpen(int timeoutSeconds) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
      while (open.get() < 0) {
        if (System.nanoTime() > deadline || !process.isAlive()) {
          process.destroy();
          throw new IllegalStateException("client did not open its streams in time");
        }
        Thread.sleep(20);
      }
      return (int) open.get();
    }

    long events() {
      return events.get();
    }

    void stop() throws Exception {
      process.getOutputStream().close();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroy();
      }
    }

    /** The class path of this main, also under {@code exec:java}'s isolated class loader. */
    private static String classPath() throws URISyntaxException {
      List<String> entries = new ArrayList<>();
      for (ClassLoader loader = Thread.currentThread().getContextClassLoader();
          loader != null;
          loader = loader.getParent()) {
        if (loader instanceof URLClassLoader urls) {
          for (URL url : urls.getURLs()) {
            entries.add(Path.of(url.toURI()).toString());
          }
        }
      }
      return entries.isEmpty()
          ? System.getProperty("java.class.path")
          : String.join(File.pathSeparator, entries);
    }
  }
}
