package dev.ttftgap.health;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Measures how late the load generator's event loops run: on each loop a tick is scheduled every
 * {@code period}; each tick records how long after its due time it ran. Every timestamp the client
 * takes on that loop (headers, events) can be late by as much as the loop is busy or descheduled,
 * so the delay is an upper bound on what the client added to any latency measured there.
 *
 * <p><b>Algorithm overview.</b> A tick notes {@code System.nanoTime()}, records {@code now − due}
 * (µs, floored at 0), and schedules the next tick {@code period} later on the same executor. The
 * delays wait in a per-loop buffer until {@link #drain} takes them (the monitor, once a second). A
 * tick {@value #STALL_MIN_MICROS} µs late or more is also kept as a stall, with when the loop was
 * last seen free (the previous tick) and when it ran ({@link #drainStalls}): the analysis finds
 * which requests were stamped inside one.
 *
 * <p><b>Assumptions.</b> The executors run scheduled tasks on the threads whose delay matters (a
 * Netty event loop does); a rejected schedule (the loop shuts down) ends that loop's probe quietly.
 * The executor's own timer resolution is part of what is measured (Netty's epoll transport wakes to
 * the microsecond; a selector-based one to the millisecond).
 *
 * <p><b>Parameters.</b> {@code period}: {@value #DEFAULT_PERIOD_MILLIS} ms by default, i.e. 100
 * ticks a second per loop, each a few hundred nanoseconds of CPU.
 *
 * <pre>{@code
 * EventLoopProbe probe = EventLoopProbe.start(loops, EventLoopProbe.DEFAULT_PERIOD);
 * ... every second: List<List<Long>> delaysMicros = probe.drain();
 * probe.stop();
 * }</pre>
 */
public final class EventLoopProbe {
  public static final long DEFAULT_PERIOD_MILLIS = 10;
  public static final Duration DEFAULT_PERIOD = Duration.ofMillis(DEFAULT_PERIOD_MILLIS);

  /** A tick this late or later is a stall ({@link EventLoopStall}), µs. */
  public static final long STALL_MIN_MICROS = 1000;

  private final List<Tick> ticks;
  private volatile boolean stopped;

  private EventLoopProbe(List<? extends ScheduledExecutorService> loops, Duration period) {
    long periodNanos = period.toNanos();
    if (periodNanos <= 0) {
      throw new IllegalArgumentException("event loop probe: period must be positive: " + period);
    }
    List<Tick> list = new ArrayList<>(loops.size());
    for (ScheduledExecutorService loop : loops) {
      list.add(new Tick(loop, periodNanos));
    }
    this.ticks = List.copyOf(list);
  }

  /** Starts a tick on each of {@code loops}. */
  public static EventLoopProbe start(
      List<? extends ScheduledExecutorService> loops, Duration period) {
    EventLoopProbe probe = new EventLoopProbe(loops, period);
    probe.ticks.forEach(Tick::scheduleNext);
    return probe;
  }

  /** Number of loops probed. */
  public int loops() {
    return ticks.size();
  }

  /** The delays recorded since the last call, µs, one list per loop in the loops' order. */
  public List<List<Long>> drain() {
    List<List<Long>> delays = new ArrayList<>(ticks.size());
    for (Tick tick : ticks) {
      delays.add(tick.drain());
    }
    return delays;
  }

  /**
   * The stalls recorded since the last call, every loop's, on the wall clock: {@code nowNanos} and
   * {@code nowEpochMicros} are the same instant read on {@code System.nanoTime()} and on the wall
   * clock, and map the ticks' monotonic times to it.
   */
  public List<EventLoopStall> drainStalls(long nowNanos, long nowEpochMicros) {
    List<EventLoopStall> stalls = new ArrayList<>();
    for (Tick tick : ticks) {
      tick.drainStalls(stalls, nowNanos, nowEpochMicros);
    }
    return stalls;
  }

  /** No more ticks are scheduled; a tick already scheduled runs once more and records nothing. */
  public void stop() {
    stopped = true;
  }

  private final class Tick implements Runnable {
    private final ScheduledExecutorService loop;
    private final long periodNanos;
    private long scheduledNanos;
    private long dueNanos;
    private long[] buffer = new long[128];
    private int size;
    // since (ns), end (ns), delay (µs) of each stall, one after the other
    private long[] stalls = new long[24];
    private int stallValues;

    Tick(ScheduledExecutorService loop, long periodNanos) {
      this.loop = loop;
      this.periodNanos = periodNanos;
    }

    @Override
    public void run() {
      if (stopped) {
        return;
      }
      long now = System.nanoTime();
      record(scheduledNanos, now, Math.max(0, now - dueNanos) / 1000);
      scheduleNext();
    }

    void scheduleNext() {
      scheduledNanos = System.nanoTime();
      dueNanos = scheduledNanos + periodNanos;
      try {
        loop.schedule(this, periodNanos, TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException e) {
        // the loop is shutting down: the run is over for it
      }
    }

    private synchronized void record(long sinceNanos, long nowNanos, long delayMicros) {
      if (size == buffer.length) {
        buffer = Arrays.copyOf(buffer, size * 2);
      }
      buffer[size++] = delayMicros;
      if (delayMicros >= STALL_MIN_MICROS) {
        if (stallValues + 3 > stalls.length) {
          stalls = Arrays.copyOf(stalls, stalls.length * 2);
        }
        stalls[stallValues++] = sinceNanos;
        stalls[stallValues++] = nowNanos;
        stalls[stallValues++] = delayMicros;
      }
    }

    synchronized void drainStalls(List<EventLoopStall> into, long nowNanos, long nowEpochMicros) {
      for (int i = 0; i < stallValues; i += 3) {
        into.add(
            new EventLoopStall(
                nowEpochMicros - (nowNanos - stalls[i]) / 1000,
                nowEpochMicros - (nowNanos - stalls[i + 1]) / 1000,
                stalls[i + 2]));
      }
      stallValues = 0;
    }

    synchronized List<Long> drain() {
      List<Long> values = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        values.add(buffer[i]);
      }
      size = 0;
      return values;
    }
  }
}
