package dev.ttftgap.search;

import dev.ttftgap.profile.Load;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.RequestPhase;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The stairs {@link AutoStairsRun} placed, on its clock: which step is under way and whether a
 * candidate arrival is admitted to it. Not thread-safe: the run calls it under its own lock.
 */
final class PlacedStairs {
  private final StepSchedule stairs;
  private final long stairsStartMillis;
  private int currentStep;

  private PlacedStairs(StepSchedule stairs, long stairsStartMillis) {
    this.stairs = stairs;
    this.stairsStartMillis = stairsStartMillis;
  }

  /** The steps of {@code placed}, an open load with {@code load}'s arrivals, from {@code now}. */
  static PlacedStairs of(AutoStairsPlan placed, Load load, long nowMillis) {
    return new PlacedStairs(
        StepSchedule.of(
            new Load(
                Load.Type.OPEN,
                load.arrivals(),
                Optional.empty(),
                placed.ratesPerSec(),
                placed.stepDurationSeconds(),
                0)),
        nowMillis);
  }

  /** How many steps the stairs have. */
  int size() {
    return stairs.measuredSteps().size();
  }

  /** The step under way at {@code nowMillis}; null before the stairs and after their end. */
  @Nullable Step stepAt(long nowMillis) {
    long offset = nowMillis - stairsStartMillis;
    if (offset < 0) {
      return null;
    }
    for (Step step : stairs.measuredSteps()) {
      if (offset < step.endMillis()) {
        return step;
      }
    }
    return null;
  }

  /**
   * Whether the candidate arrival at {@code nowMillis} is admitted, thinned to its step's rate (the
   * thinning restarts with each step); what it belongs to, or null.
   */
  AutoStairsRun.@Nullable Admitted admit(long nowMillis, CombThinning thinning, double combRate) {
    Step step = stepAt(nowMillis);
    if (step == null) {
      return null;
    }
    if (step.index() != currentStep) {
      currentStep = step.index();
      thinning.restart();
    }
    if (!thinning.admits(step.level(), combRate)) {
      return null;
    }
    return new AutoStairsRun.Admitted(
        RequestPhase.STEP, step.index(), step.label(), step.level(), null);
  }
}
