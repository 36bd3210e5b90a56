package dev.ttftgap.profile;

import java.util.List;

/**
 * Stairs that size themselves from the target (a profile's {@code "load": {"steps": "auto"}}): a
 * short single-user phase, a bounded burst that estimates the maximum throughput μ̂, then one step
 * at each {@code fraction × μ̂}. The algorithm lives in {@code dev.ttftgap.search.AutoStairsRun}
 * (the run) and {@code dev.ttftgap.search.AutoStairsPlan} (the numbers); this is its validated
 * configuration, the profile's optional {@code "autoStairs"} object.
 *
 * @param fractions the steps as fractions of the burst estimate, rising; default 0.25, 0.5, 0.7,
 *     0.85, 1.0, 1.2
 * @param singleUserRequests how many requests the single-user phase sends one after the other;
 *     default 5
 * @param singleUserSeconds bound on the single-user phase, s (it ends at whichever comes first);
 *     default 15
 * @param burstConcurrency how many requests the burst keeps in flight; default 32
 * @param burstSeconds shortest burst, s (longer when the service time asks: 4 × S); default 10
 * @param burstMaxSeconds longest burst, s, its time bound; default 60
 * @param serviceTimeFactor each step lasts at least this many single-user service times; default 10
 * @param minRequestsPerStep each step lasts long enough for this many arrivals at its rate; default
 *     12
 * @param maxStepSeconds bound on one step's duration, s; default 300
 * @param maxRate highest rate a step may offer, requests/s (the load generator's comb is sized from
 *     it); default 64
 */
public record AutoStairs(
    List<Double> fractions,
    int singleUserRequests,
    int singleUserSeconds,
    int burstConcurrency,
    int burstSeconds,
    int burstMaxSeconds,
    double serviceTimeFactor,
    int minRequestsPerStep,
    int maxStepSeconds,
    double maxRate) {

  /** The defaults of every field, as documented above. */
  public static final AutoStairs DEFAULTS =
      new AutoStairs(List.of(0.25, 0.5, 0.7, 0.85, 1.0, 1.2), 5, 15, 32, 10, 60, 10, 12, 300, 64);

  public AutoStairs {
    fractions = List.copyOf(fractions);
    if (fractions.isEmpty()) {
      throw new IllegalArgumentException("at least one fraction");
    }
  }
}
