package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.OptionalLong;

/**
 * Where a launch-spike run's steps lie on the load generator's clock, epoch ms: the base before
 * (step {@value BurstPlan#BEFORE_STEP}), the burst (step {@value BurstPlan#BURST_STEP}) and the
 * base after (step {@value BurstPlan#AFTER_STEP}); warm-up records are left out.
 *
 * <p>The burst's start is the earliest start of a burst-step record: the injector opens the step
 * with it, at most one burst inter-arrival (e.g. 50 ms at 20 req/s) after the step's boundary,
 * which is finer than any window. Its end is that start plus the plan's {@code burstSeconds}.
 *
 * @param records the measured records of steps 1 to 3 (no warm-up)
 * @param beforeStartMillis earliest start of the base before; the burst's start without one
 * @param burstStartMillis earliest start of the burst step
 * @param burstEndMillis the burst's start + its planned length
 * @param lastStartMillis latest start of any measured record
 */
record BurstTimeline(
    List<RequestRecord> records,
    long beforeStartMillis,
    long burstStartMillis,
    long burstEndMillis,
    long lastStartMillis) {

  BurstTimeline {
    records = List.copyOf(records);
  }

  /** The timeline of {@code all}; null when no record belongs to the burst step. */
  static BurstTimeline of(List<RequestRecord> all, BurstPlan plan) {
    List<RequestRecord> measured =
        all.stream()
            .filter(r -> !r.warmup())
            .filter(
                r ->
                    r.level().step() >= BurstPlan.BEFORE_STEP
                        && r.level().step() <= BurstPlan.AFTER_STEP)
            .toList();
    OptionalLong burstStart = earliestStart(measured, BurstPlan.BURST_STEP);
    if (burstStart.isEmpty()) {
      return null;
    }
    long start = burstStart.getAsLong();
    long before = earliestStart(measured, BurstPlan.BEFORE_STEP).orElse(start);
    long last =
        measured.stream().mapToLong(r -> r.timings().startEpochMillis()).max().orElseThrow();
    return new BurstTimeline(
        measured, Math.min(before, start), start, start + plan.burstSeconds() * 1000L, last);
  }

  /** Seconds from the burst's start to {@code epochMillis} (negative before it). */
  double secondsFromBurst(long epochMillis) {
    return (epochMillis - burstStartMillis) / 1000.0;
  }

  /** The measured records of one step. */
  List<RequestRecord> ofStep(int step) {
    return records.stream().filter(r -> r.level().step() == step).toList();
  }

  private static OptionalLong earliestStart(List<RequestRecord> records, int step) {
    return records.stream()
        .filter(r -> r.level().step() == step)
        .mapToLong(r -> r.timings().startEpochMillis())
        .min();
  }
}
