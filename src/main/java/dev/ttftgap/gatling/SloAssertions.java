package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.ttftgap.measure.RowNames;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import io.gatling.javaapi.core.Assertion;
import java.util.ArrayList;
import java.util.List;

/**
 * The profile's SLO as Gatling assertions, so that {@code mvn gatling:test} fails when it is
 * broken. They cover only the steps up to {@code slo.assertUpToLevel}: a capacity run overloads its
 * last steps on purpose, and the SLO is a promise for the load you must serve.
 *
 * <p>The TTFT and error-rate assertions read the step's one request row ({@code step > ttfb > gap >
 * ttft}, KO when the request failed); the gap's reads the {@code step > ttfb > gap} group, whose
 * time is the gap (see {@code ChatRequestChain}).
 */
final class SloAssertions {
  private SloAssertions() {}

  static List<Assertion> of(LoadProfile profile, StepSchedule schedule) {
    List<Assertion> assertions = new ArrayList<>();
    profile
        .slo()
        .ifPresent(
            slo -> {
              for (Step step : schedule.assertedSteps(slo)) {
                slo.ttftP95Millis()
                    .ifPresent(
                        limit ->
                            assertions.add(
                                details(step.label(), RowNames.TTFB, RowNames.GAP, RowNames.TTFT)
                                    .responseTime()
                                    .percentile(95.0)
                                    .lte(limit.intValue())));
                slo.gapP95Millis()
                    .ifPresent(
                        limit ->
                            assertions.add(
                                details(step.label(), RowNames.TTFB, RowNames.GAP)
                                    .responseTime()
                                    .percentile(95.0)
                                    .lte(limit.intValue())));
                slo.errorRatePercent()
                    .ifPresent(
                        limit ->
                            assertions.add(
                                details(step.label(), RowNames.TTFB, RowNames.GAP, RowNames.TTFT)
                                    .failedRequests()
                                    .percent()
                                    .lte(limit)));
              }
            });
    return assertions;
  }
}
