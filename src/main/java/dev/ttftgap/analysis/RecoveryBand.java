package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The low-load band of a launch-spike run's window TTFT, and when the TTFT came back into it after
 * the burst (see {@link RecoveryAnalysis}).
 *
 * <p>Band: from the windows wholly before the burst that have successful requests, the first one
 * left out (it may hold the step's ramp-up, or only part of a window) unless it is the only one,
 * the upper edge of each percentile is {@code max(}{@value #RATIO}{@code × highest, highest +}
 * {@value KneeDetector#FLOOR_MILLIS}{@code ms)}. The highest window rather than a median: a window
 * holds few requests (10 at 2 req/s in 5 s), so its p95 is noisy, and the windows after the drain,
 * under the same base load, are as noisy; the edge must hold every quiet window, not the typical
 * one. The absolute floor is the knee's ({@link KneeDetector}): below 20 ms a rise is network
 * jitter, and without it a 10 ms TTFT would leave its band on 3 ms of noise. Worked example: window
 * p50s of 180, 200 and 190 ms → edge 250 ms; of 30, 32 and 31 ms → edge 52 ms.
 *
 * <p>Recovery: the windows that start at or after the burst's end are read from the last one back;
 * the recovery is from the burst's end to the start of the first of them from which every later
 * window with successful requests is in band: 0 when none of them left the band, null when the last
 * window with successful requests is out of it (not recovered before the run ended). A window
 * without a successful request says nothing either way and is skipped.
 *
 * @param p50Millis upper edge of a window's p50 TTFT, ms
 * @param p95Millis upper edge of a window's p95 TTFT, ms
 */
record RecoveryBand(double p50Millis, double p95Millis) {
  /** Allowed rise over the highest quiet window: 25 %. */
  static final double RATIO = 1.25;

  /**
   * The band from the windows before the burst; null when none has a successful request.
   *
   * @param windows the run's windows, in order, aligned on the burst's start: one that starts
   *     before it ends at it at the latest
   */
  static RecoveryBand of(List<RecoveryWindow> windows) {
    List<RecoveryWindow> quiet =
        windows.stream().filter(w -> w.startSeconds() < 0 && w.ttftP50Millis() != null).toList();
    if (quiet.isEmpty()) {
      return null;
    }
    List<RecoveryWindow> judged =
        quiet.size() > 1 && quiet.get(0) == windows.get(0) ? quiet.subList(1, quiet.size()) : quiet;
    double p50 = judged.stream().mapToDouble(RecoveryWindow::ttftP50Millis).max().orElseThrow();
    double p95 = judged.stream().mapToDouble(RecoveryWindow::ttftP95Millis).max().orElseThrow();
    return new RecoveryBand(edge(p50), edge(p95));
  }

  static double edge(double highestMillis) {
    return Math.max(RATIO * highestMillis, highestMillis + KneeDetector.FLOOR_MILLIS);
  }

  boolean holds(RecoveryWindow w) {
    return w.ttftP50Millis() != null
        && w.ttftP95Millis() != null
        && w.ttftP50Millis() <= p50Millis
        && w.ttftP95Millis() <= p95Millis;
  }

  /** The same windows, each with {@code inBand} judged against this band. */
  List<RecoveryWindow> judge(List<RecoveryWindow> windows) {
    List<RecoveryWindow> judged = new ArrayList<>();
    for (RecoveryWindow w : windows) {
      judged.add(
          new RecoveryWindow(
              w.startSeconds(),
              w.requests(),
              w.ttftP50Millis(),
              w.ttftP95Millis(),
              w.inFlightMax(),
              w.serverWaiting(),
              holds(w)));
    }
    return judged;
  }

  /**
   * Seconds from the burst's end until TTFT was back in band for good (window resolution); null
   * when it was not by the last window.
   *
   * @param judged windows judged by {@link #judge}
   * @param burstSeconds the burst's length: its end, seconds from its start
   */
  static Double recoverySeconds(List<RecoveryWindow> judged, double burstSeconds) {
    List<RecoveryWindow> after =
        judged.stream()
            .filter(w -> w.startSeconds() >= burstSeconds - 1e-9)
            .filter(w -> w.ttftP50Millis() != null)
            .toList();
    if (after.isEmpty()) {
      return null;
    }
    int from = after.size();
    while (from > 0 && after.get(from - 1).inBand()) {
      from--;
    }
    if (from == after.size()) {
      return null;
    }
    return from == 0 ? 0.0 : after.get(from).startSeconds() - burstSeconds;
  }
}
