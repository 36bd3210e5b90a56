package dev.ttftgap.profile;

/**
 * A launch spike ({@code load.burst}): a base rate, a burst above it, and the return to base, as
 * three steps of the open model: step 1 the base for {@code beforeSeconds}, step 2 the burst for
 * {@code burstSeconds}, step 3 the base again for {@code afterSeconds}.
 *
 * @param baseRate requests/s before and after the burst
 * @param rate requests/s during the burst
 * @param burstSeconds how long the burst lasts
 * @param beforeSeconds base load before the burst (its low-load band comes from here)
 * @param afterSeconds base load after the burst (the queue drains here)
 * @param windowSeconds the short windows in which recovery is judged; default 5
 */
public record Burst(
    double baseRate,
    double rate,
    int burstSeconds,
    int beforeSeconds,
    int afterSeconds,
    int windowSeconds) {
  /** Step numbers of the three parts in the run's timeline. */
  public static final int BEFORE_STEP = 1;

  public static final int BURST_STEP = 2;
  public static final int AFTER_STEP = 3;
}
