package dev.ttftgap.profile;

/**
 * One phase of a run's timeline: the warm-up or one load step.
 *
 * @param index 0 for the warm-up, 1.. for the steps (as {@code RequestRecord.step})
 * @param label Gatling group name and record label, e.g. {@code "warm-up · 1 rps"}, {@code "step 3
 *     · 6 rps"}, {@code "step 02 · 16 users"}
 * @param level requests/s (open model) or users (closed model)
 * @param startMillis start, ms from the start of the run (ramp included)
 * @param endMillis end (exclusive), ms from the start of the run
 * @param warmup true for the warm-up, whose requests stay out of the statistics
 */
public record Step(
    int index, String label, double level, long startMillis, long endMillis, boolean warmup) {

  public long durationMillis() {
    return endMillis - startMillis;
  }
}
