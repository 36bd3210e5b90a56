package dev.ttftgap.analysis;

import java.util.List;

/**
 * How the load was applied, which decides how the verdicts read.
 *
 * <ul>
 *   <li>{@link #OPEN}: each step offers an arrival rate whatever the server does; verdicts read in
 *       requests/s of arrivals.
 *   <li>{@link #CLOSED}: each step holds a number of users, each sending its next request when the
 *       previous one ends, so arrivals follow completions; verdicts read in concurrent streams and
 *       in throughput.
 * </ul>
 */
public enum LoadModel {
  OPEN,
  CLOSED;

  /**
   * CLOSED when every step has a configured concurrency and no offered rate, else OPEN (a mix, e.g.
   * merged files of both kinds, is read as the open model it partly is).
   */
  public static LoadModel of(List<StepStats> steps) {
    boolean closed =
        !steps.isEmpty()
            && steps.stream().allMatch(s -> s.offeredRate() == null && s.concurrency() != null);
    return closed ? CLOSED : OPEN;
  }
}
