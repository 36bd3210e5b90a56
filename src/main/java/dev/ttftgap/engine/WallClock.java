package dev.ttftgap.engine;

import java.time.Instant;

/** The two clocks of the engine: wall time for ground truth, monotonic time for the scheduler. */
final class WallClock {
  private WallClock() {}

  /** Microseconds since the epoch, from {@link Instant#now()} (the client anchors to it). */
  static long epochMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  /** Monotonic microseconds, the scheduler's engine time. */
  static long monoMicros() {
    return System.nanoTime() / 1_000L;
  }
}
