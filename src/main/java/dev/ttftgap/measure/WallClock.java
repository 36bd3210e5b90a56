package dev.ttftgap.measure;

import java.time.Instant;

/**
 * The load generator's wall clock in µs since the epoch ({@link Instant#now()}): the clock of the
 * records' {@code startEpochMicros} and of the health probe's stalls, which the analysis matches
 * against each other.
 */
public final class WallClock {
  private WallClock() {}

  /** Now, µs since the epoch. */
  public static long epochMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}
