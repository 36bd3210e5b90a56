package dev.ttftgap.search;

import java.util.ArrayList;
import java.util.List;

/**
 * The bracket of the {@link RateSearch}: the highest passing rate (lo), the lowest failing one
 * (hi), and the ceiling, the highest throughput the server achieved in a phase that failed; each
 * null until known.
 */
final class RateBracket {
  private Double lo;
  private Double hi;
  private Double ceiling;
  private final List<Double> passingProbes = new ArrayList<>();

  Double lo() {
    return lo;
  }

  Double hi() {
    return hi;
  }

  Double ceiling() {
    return ceiling;
  }

  /** A probe at {@code rate} passed (it raises lo) or failed (it lowers hi). */
  void probed(boolean passed, double rate) {
    if (passed) {
      lo = lo == null ? rate : Math.max(lo, rate);
      passingProbes.add(rate);
    } else {
      hi = hi == null ? rate : Math.min(hi, rate);
    }
  }

  /** A hold at {@code rate} failed: it becomes hi. */
  void holdFailed(double rate) {
    hi = rate;
  }

  /**
   * The server completed {@code achieved} requests/s in a phase that failed: no rate at or above
   * the highest such throughput is sustainable, so it bounds the bracket, and probes that passed at
   * or above it (a short Poisson probe near capacity can look steady) no longer count.
   */
  void raiseCeiling(double achieved) {
    if (ceiling != null && achieved <= ceiling) {
      return;
    }
    ceiling = achieved;
    passingProbes.removeIf(r -> r >= achieved);
    lo = passingProbes.stream().max(Double::compare).orElse(null);
    hi = hi == null ? achieved : Math.min(hi, achieved);
  }
}
