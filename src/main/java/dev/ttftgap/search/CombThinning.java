package dev.ttftgap.search;

import java.util.Random;

/**
 * Thins a comb of candidate arrivals (offered by the load generator at a fixed comb rate) to a
 * lower rate, so that a run whose rates are chosen while it runs still has its arrivals scheduled
 * by Gatling (which fixes its injection when the simulation starts).
 *
 * <p>Algorithm overview. Uniform: each candidate adds {@code rate / comb} to a credit, and is
 * admitted each time the credit passes a whole number, so admitted arrivals are evenly spaced to
 * within one comb interval. Poisson: each candidate of a Poisson comb is admitted with probability
 * {@code rate / comb} (seeded), which leaves a Poisson process of the rate.
 *
 * <p>Assumptions: {@code rate ≤ comb}; one caller at a time (its users synchronise). Parameters:
 * none besides the arrival process.
 */
final class CombThinning {
  private final boolean poisson;
  private final Random random = new Random(1);
  private double credit;

  /**
   * @param poisson whether the comb is a Poisson process (else evenly spaced)
   */
  public CombThinning(boolean poisson) {
    this.poisson = poisson;
  }

  /** Whether the next candidate of a {@code combRate} comb is admitted at {@code rate}. */
  public boolean admits(double rate, double combRate) {
    if (poisson) {
      return random.nextDouble() < rate / combRate;
    }
    credit += rate / combRate;
    if (credit < 1) {
      return false;
    }
    credit -= 1;
    return true;
  }

  /** Forgets the credit: a new rate starts afresh. */
  public void restart() {
    credit = 0;
  }
}
