package dev.ttftgap.analysis;

/** Erlang's C formula: the probability that an arrival waits in an M/M/c queue. */
final class ErlangC {
  private ErlangC() {}

  /**
   * Probability of waiting with {@code servers} servers and offered load {@code load} = λ·S
   * (Erlangs); 1 when {@code load ≥ servers} (the queue never empties).
   *
   * <p>Computed through the Erlang B recursion B(k) = a·B(k−1) / (k + a·B(k−1)), stable for
   * thousands of servers, then C = B / (1 − ρ(1 − B)) with ρ = a / c. Example: c = 2, a = 1 → C =
   * 1/3.
   */
  static double probabilityOfWaiting(int servers, double load) {
    if (load <= 0) {
      return 0;
    }
    if (load >= servers) {
      return 1;
    }
    double erlangB = 1;
    for (int k = 1; k <= servers; k++) {
      erlangB = load * erlangB / (k + load * erlangB);
    }
    double utilisation = load / servers;
    return erlangB / (1 - utilisation * (1 - erlangB));
  }
}
