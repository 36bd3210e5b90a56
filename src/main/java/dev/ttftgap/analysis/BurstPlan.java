package dev.ttftgap.analysis;

/**
 * What the analysis knows of a launch-spike run (the profile's {@code load.burst}): step {@code 1}
 * is the base before the burst, step {@code 2} the burst, step {@code 3} the base after it.
 *
 * @param baseRate requests/s before and after
 * @param burstRate requests/s during the burst
 * @param burstSeconds how long the burst lasted
 * @param windowSeconds length of the short windows recovery is judged in
 */
public record BurstPlan(double baseRate, double burstRate, int burstSeconds, int windowSeconds) {
  public static final int BEFORE_STEP = 1;
  public static final int BURST_STEP = 2;
  public static final int AFTER_STEP = 3;
}
