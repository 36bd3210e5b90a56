package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.profile.InjectionStep;
import io.gatling.javaapi.core.ClosedInjectionStep;
import io.gatling.javaapi.core.OpenInjectionStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps the load profile's injection steps (a schedule's, or a split run's part of them) 1:1 onto
 * Gatling's injection DSL.
 */
final class Injection {
  private Injection() {}

  static List<OpenInjectionStep> open(List<InjectionStep> steps) {
    return steps.stream().map(Injection::open).toList();
  }

  static List<ClosedInjectionStep> closed(List<InjectionStep> steps) {
    return steps.stream().map(Injection::closed).toList();
  }

  /**
   * A replayed trace: {@code before} (the warm-up), then one user at each of {@code arrivalsMillis}
   * (offsets from the run's start, ascending; arrivals in the same millisecond start together).
   *
   * @param startMillis when {@code before} ends, ms from the run's start
   */
  static List<OpenInjectionStep> trace(
      List<InjectionStep> before, long startMillis, List<Long> arrivalsMillis) {
    List<OpenInjectionStep> steps = new ArrayList<>(open(before));
    long previous = startMillis;
    int i = 0;
    while (i < arrivalsMillis.size()) {
      long at = arrivalsMillis.get(i);
      int together = 0;
      while (i < arrivalsMillis.size() && arrivalsMillis.get(i) == at) {
        together++;
        i++;
      }
      if (at > previous) {
        steps.add(nothingFor(Duration.ofMillis(at - previous)));
        previous = at;
      }
      steps.add(atOnceUsers(together));
    }
    return steps;
  }

  private static OpenInjectionStep open(InjectionStep step) {
    return switch (step.kind()) {
      case CONSTANT_RATE -> constantUsersPerSec(step.from()).during(step.durationSeconds());
      case CONSTANT_RATE_RANDOMIZED ->
          constantUsersPerSec(step.from()).during(step.durationSeconds()).randomized();
      case RAMP_RATE -> rampUsersPerSec(step.from()).to(step.to()).during(step.durationSeconds());
      case RAMP_RATE_RANDOMIZED ->
          rampUsersPerSec(step.from()).to(step.to()).during(step.durationSeconds()).randomized();
      default -> throw new IllegalArgumentException(step.kind() + " is not an open-model step");
    };
  }

  private static ClosedInjectionStep closed(InjectionStep step) {
    return switch (step.kind()) {
      case CONSTANT_CONCURRENCY ->
          constantConcurrentUsers((int) step.from()).during(step.durationSeconds());
      case RAMP_CONCURRENCY ->
          rampConcurrentUsers((int) step.from()).to((int) step.to()).during(step.durationSeconds());
      default -> throw new IllegalArgumentException(step.kind() + " is not a closed-model step");
    };
  }
}
