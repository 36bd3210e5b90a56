package dev.ttftgap.health;

import dev.ttftgap.measure.WallClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongToIntFunction;

/**
 * Runs the load generator's health probes during a run and writes one {@link LoadGeneratorSample} a
 * second into a {@link LoadGeneratorLog}.
 *
 * <p>What it samples: the event-loop delay ({@link EventLoopProbe}, once the glue hands it the
 * loops with {@link #probe}), the injection delays the glue reports ({@link #injectionDelay}), and
 * the process's CPU and GC pauses ({@link JvmSampler}). One daemon thread wakes every {@code
 * interval} to drain them; each sample carries the step the schedule says is running, and the
 * loops' stalls on the wall clock (to be matched with the records' timestamps).
 *
 * <pre>{@code
 * LoadGeneratorMonitor monitor = LoadGeneratorMonitor.start(file, schedule::stepIndexAt);
 * monitor.probe(eventLoops);                 // as soon as the client's loops exist
 * monitor.injectionDelay(actualNanos - plannedNanos);  // for every start
 * monitor.close();                           // last sample, file closed
 * }</pre>
 */
public final class LoadGeneratorMonitor implements AutoCloseable {
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  private final LoadGeneratorLog log;
  private final LongToIntFunction stepAtElapsedMillis;
  private final long originNanos;
  private final JvmSampler jvm = JvmSampler.start();
  private final ScheduledExecutorService timer;
  private final Duration probePeriod;
  private final List<Long> injectionDelaysMicros = new ArrayList<>();
  private volatile EventLoopProbe probe;
  private long lastNanos;
  private Long lastCpuNanos;
  private boolean closed;

  private LoadGeneratorMonitor(
      Path file, LongToIntFunction stepAtElapsedMillis, Duration interval, Duration probePeriod) {
    this.log = LoadGeneratorLog.open(file);
    this.stepAtElapsedMillis = stepAtElapsedMillis;
    this.probePeriod = probePeriod;
    // after the management beans are up (their first use can take a while): time zero is now
    this.originNanos = System.nanoTime();
    this.lastNanos = originNanos;
    this.lastCpuNanos = jvm.cpuNanos();
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "ttftgap-load-generator-monitor");
              thread.setDaemon(true);
              return thread;
            });
    long millis = interval.toMillis();
    timer.scheduleAtFixedRate(this::sample, millis, millis, TimeUnit.MILLISECONDS);
  }

  /**
   * Starts sampling into {@code file}, one sample every {@link #DEFAULT_INTERVAL}, event loops
   * probed every {@link EventLoopProbe#DEFAULT_PERIOD}.
   *
   * @param stepAtElapsedMillis the step index running {@code n} ms after this call (0: warm-up)
   */
  public static LoadGeneratorMonitor start(Path file, LongToIntFunction stepAtElapsedMillis) {
    return start(file, stepAtElapsedMillis, DEFAULT_INTERVAL, EventLoopProbe.DEFAULT_PERIOD);
  }

  /** As {@link #start(Path, LongToIntFunction)}, with the intervals given (tests). */
  public static LoadGeneratorMonitor start(
      Path file, LongToIntFunction stepAtElapsedMillis, Duration interval, Duration probePeriod) {
    return new LoadGeneratorMonitor(file, stepAtElapsedMillis, interval, probePeriod);
  }

  /** Starts probing {@code loops}; only the first call counts (one set of loops per run). */
  public synchronized void probe(List<? extends ScheduledExecutorService> loops) {
    if (probe == null && !closed) {
      probe = EventLoopProbe.start(loops, probePeriod);
    }
  }

  /** Whether the event loops are being probed. */
  public boolean probing() {
    return probe != null;
  }

  /**
   * A start's actual instant minus its planned instant, ns, against any origin fixed for the run
   * (see {@link LoadGeneratorSample#injectionDelaysMicros}). Cheap: callable from every user.
   */
  public void injectionDelay(long delayNanos) {
    synchronized (injectionDelaysMicros) {
      injectionDelaysMicros.add(delayNanos / 1000);
    }
  }

  /** Nanoseconds since the monitor started (the origin of {@link #injectionDelay} is up to you). */
  public long elapsedNanos() {
    return System.nanoTime() - originNanos;
  }

  /** Takes a last sample, stops the probes and closes the file. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    timer.shutdown();
    try {
      timer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    sample();
    EventLoopProbe current = probe;
    if (current != null) {
      current.stop();
    }
    jvm.close();
    log.close();
  }

  private synchronized void sample() {
    long now = System.nanoTime();
    Long cpu = jvm.cpuNanos();
    List<Long> delays;
    synchronized (injectionDelaysMicros) {
      delays = List.copyOf(injectionDelaysMicros);
      injectionDelaysMicros.clear();
    }
    EventLoopProbe current = probe;
    List<EventLoopStall> stalls =
        current == null ? null : current.drainStalls(System.nanoTime(), WallClock.epochMicros());
    JvmSampler.GcWindow gc = jvm.drainGc();
    log.append(
        new LoadGeneratorSample(
            System.currentTimeMillis(),
            stepAtElapsedMillis.applyAsInt((now - originNanos) / 1_000_000),
            (now - lastNanos) / 1e6,
            current == null ? List.of() : current.drain(),
            delays,
            cpu == null || lastCpuNanos == null ? null : cpu - lastCpuNanos,
            jvm.processors(),
            gc.pausesMillis(),
            gc.heapAfterGcBytes(),
            stalls));
    lastNanos = now;
    lastCpuNanos = cpu;
  }
}
