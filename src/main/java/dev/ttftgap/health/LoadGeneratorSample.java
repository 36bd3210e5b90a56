package dev.ttftgap.health;

import java.util.List;

/**
 * One interval (about a second) of the load generator's health: one JSON line of {@code
 * load-generator.jsonl}. Null means "not measured".
 *
 * @param epochMillis end of the interval, wall clock
 * @param step the load step running at the end of the interval (0 for warm-up), as the glue's
 *     schedule says
 * @param intervalMillis length of the interval (monotonic clock), ms
 * @param eventLoopDelaysMicros per event loop, how late each probe tick ran, µs (one list per loop,
 *     in the loops' order)
 * @param injectionDelaysMicros per user (open model) or request (closed model) that started in the
 *     interval: actual start minus planned start, µs, against an origin common to the run; the
 *     analysis subtracts the run's smallest value, so that lag is measured against the best-served
 *     start (see {@link LoadGeneratorAnalysis})
 * @param cpuNanos CPU time the whole process used in the interval, ns
 * @param processors processors available to the JVM
 * @param gcPausesMillis every stop-the-world GC pause that ended in the interval, ms (the JVM
 *     reports whole milliseconds)
 * @param heapAfterGcBytes heap in use after the last GC of the interval; null when no GC ran
 * @param eventLoopStalls every loop's probe ticks that ran {@link EventLoopProbe#STALL_MIN_MICROS}
 *     late or more, in no particular order; empty when none did, null when they were not recorded
 *     (the loops were not probed yet, or the file is older than the field)
 */
public record LoadGeneratorSample(
    long epochMillis,
    int step,
    double intervalMillis,
    List<List<Long>> eventLoopDelaysMicros,
    List<Long> injectionDelaysMicros,
    Long cpuNanos,
    Integer processors,
    List<Long> gcPausesMillis,
    Long heapAfterGcBytes,
    List<EventLoopStall> eventLoopStalls) {

  public LoadGeneratorSample {
    eventLoopDelaysMicros =
        eventLoopDelaysMicros == null
            ? List.of()
            : eventLoopDelaysMicros.stream().map(List::copyOf).toList();
    injectionDelaysMicros =
        injectionDelaysMicros == null ? List.of() : List.copyOf(injectionDelaysMicros);
    gcPausesMillis = gcPausesMillis == null ? List.of() : List.copyOf(gcPausesMillis);
    eventLoopStalls = eventLoopStalls == null ? null : List.copyOf(eventLoopStalls);
  }
}
