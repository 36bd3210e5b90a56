package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Saturation of a closed run: the concurrency from which the server's throughput stops rising.
 *
 * <p>Algorithm overview: steps are taken in order (rising concurrency) with their achieved rate X
 * (successful completions per second of the step window). The plateau starts at the first step i
 * that has a later step and that no later step beats by more than the tolerance: X_j ≤ (1 + {@value
 * #TOLERANCE}) × X_i for every later j. The plateau throughput is the median achieved rate from
 * step i to the end (the median, not the maximum, so one lucky window does not inflate it): with
 * every user's next request waiting on the previous one, a server whose slots are all busy
 * completes requests at its capacity however many users wait, so this is the capacity estimate.
 *
 * <p>Assumptions: a closed model with zero think time (arrivals follow completions, which is why
 * {@link SaturationDetector}'s arrivals-vs-completions test never fires here); steps in increasing
 * concurrency; below the plateau throughput grows about in proportion to the concurrency (X = N / R
 * by Little's law while the response time R stays near its low-load value), so a rise of more than
 * the tolerance means more slots were still free. The last step alone cannot show a plateau: with
 * nothing after it, a still-rising throughput is not reached.
 *
 * <p>Parameters with defaults: tolerance 0.05 (5 %, above the window-to-window noise of a 20-s
 * step, well below the +40 % or more that a doubling of the concurrency brings before saturation).
 * Example: 2, 4, 8, 16, 32 users with 2.67, 4.67, 7.81, 7.99, 7.87 req/s → 7.99 ≤ 1.05 × 7.81 and
 * 7.87 ≤ 1.05 × 7.81, so the plateau starts at 8 users, at the median of 7.81, 7.99, 7.87 = 7.87
 * req/s.
 */
final class ThroughputPlateauDetector {
  static final double TOLERANCE = 0.05;

  private ThroughputPlateauDetector() {}

  static Saturation detect(List<StepStats> steps) {
    List<StepStats> measured =
        steps.stream()
            .filter(s -> s.rates().achievedRate() != null && s.concurrency() != null)
            .toList();
    Double maxAchieved =
        measured.stream().map(s -> s.rates().achievedRate()).max(Double::compare).orElse(null);
    int start = -1;
    for (int i = 0; i + 1 < measured.size() && start < 0; i++) {
      double ceiling = (1 + TOLERANCE) * measured.get(i).rates().achievedRate();
      boolean flat = true;
      for (int j = i + 1; j < measured.size(); j++) {
        flat &= measured.get(j).rates().achievedRate() <= ceiling;
      }
      if (flat) {
        start = i;
      }
    }
    if (start < 0) {
      return Saturation.notReached(maxAchieved, null, TOLERANCE);
    }
    List<Double> plateau = new ArrayList<>();
    for (int i = start; i < measured.size(); i++) {
      plateau.add(measured.get(i).rates().achievedRate());
    }
    double median = Percentiles.median(plateau).orElseThrow();
    StepStats first = measured.get(start);
    return new Saturation(
            true,
            first.step(),
            null,
            median,
            maxAchieved,
            null,
            first.concurrency(),
            TOLERANCE,
            null,
            null)
        .withInterval(measured.subList(start, measured.size()));
  }
}
