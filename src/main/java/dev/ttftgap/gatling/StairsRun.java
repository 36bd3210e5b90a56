package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.breaker.SaturationStop;
import dev.ttftgap.config.RunPart;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.InjectionStep;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadSplit;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.List;

/**
 * A run of fixed stairs, open (rates) or closed (users), whole or one part of a split run: Gatling
 * injects the schedule's steps, each request is placed in the step under way when it is sent, a
 * line is printed per finished step ({@link StepProgress}), the SLO becomes Gatling assertions, and
 * open stairs may stop at a saturated step ({@link SaturationStop}).
 */
final class StairsRun implements RunMode {
  private final RunCommon common;
  private final LoadProfile profile;
  private final StepSchedule schedule;
  private final LoadSplit split;
  private final StepProgress progress;

  StairsRun(RunCommon common) {
    RunSetup setup = common.setup();
    this.common = common;
    this.profile = setup.profile();
    this.schedule = common.schedule();
    this.split = common.split();
    if (setup.stopWhenSaturated()) {
      common
          .gate()
          .watch(
              new SaturationStop(
                  BreakerGate.stairs(schedule),
                  profile.timeouts().streamMillis(),
                  !common.requests().multiTurn()),
              common::elapsedMillis);
      System.out.println(
          "ttft-gap: the stairs stop once a step is saturated and its backlog rises"
              + " (-Dload.stopWhenSaturated=false to climb on)");
    }
    this.progress =
        new StepProgress(
            schedule,
            Math.min(profile.timeouts().streamMillis(), 120_000L),
            common::elapsedMillis,
            System.out::println);
    common.records().onAppend(progress::onRecord);
  }

  /**
   * The open injection: the schedule's steps, or the warm-up (a split part's share of its rate) and
   * then this part's share of a trace's arrivals.
   */
  private List<OpenInjectionStep> openInjection(List<InjectionStep> injection) {
    return schedule
        .traceArrivalsMillis()
        .map(
            arrivals ->
                Injection.trace(
                    schedule.injectionSteps().stream()
                        .map(
                            step ->
                                new InjectionStep(
                                    step.kind(),
                                    split.rate(step.from()),
                                    split.rate(step.to()),
                                    step.durationSeconds()))
                        .toList(),
                    schedule.warmup().map(step -> step.endMillis()).orElse(0L),
                    split.traceArrivalsMillis(arrivals)))
        .orElseGet(() -> Injection.open(injection));
  }

  /** Open stairs of rates (a split part schedules every arrival, sends every N-th) or of users. */
  @Override
  public PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request) {
    List<InjectionStep> injection = split.injectionSteps(schedule.injectionSteps());
    if (profile.load().open()) {
      // a split part injects only its own share of a trace's arrivals; of stairs, it schedules
      // every arrival and sends every N-th
      boolean everyNth = split.split() && schedule.traceArrivalsMillis().isEmpty();
      ScenarioBuilder scenario =
          everyNth
              ? scenario(scenarioName)
                  .exec(probes.userStarted())
                  .doIf(session -> split.sends(session.userId()))
                  .then(request)
              : scenario(scenarioName).exec(probes.userStarted(), request);
      return scenario.injectOpen(probes.plan(openInjection(injection)));
    }
    long total = schedule.totalDurationMillis();
    ScenarioBuilder scenario =
        scenario(scenarioName)
            .exec(probes.userStarted())
            .asLongAs(session -> common.elapsedMillis() < total)
            .on(request);
    return scenario.injectClosed(Injection.closed(injection));
  }

  @Override
  public List<Assertion> assertions() {
    return SloAssertions.of(profile, schedule);
  }

  /** The schedule plus one stream timeout (at most 120 s) to let the last requests finish. */
  @Override
  public Duration maxDuration() {
    return Duration.ofMillis(schedule.totalDurationMillis())
        .plusSeconds(Math.min(profile.timeouts().streamSeconds(), 120));
  }

  /** The schedule's step under way. */
  @Override
  public int stepAt(long elapsedMillis) {
    return schedule.stepAt(elapsedMillis).index();
  }

  /** The schedule's step under way, counted as started for its line. */
  @Override
  public RequestContext contextOf(Session session) {
    Step step = common.stepNow();
    progress.started(step.index());
    return common.context(session, step);
  }

  /** Starts the step lines. */
  @Override
  public void start() {
    progress.start();
  }

  /** Prints the step lines not printed yet. */
  @Override
  public void recordsClosed() {
    progress.finish();
  }

  /** For a split run's part: its figures are this injector's share. */
  @Override
  public List<String> runNotes() {
    if (!split.split()) {
      return List.of();
    }
    RunPart part = common.setup().part();
    return List.of(
        "Part "
            + part.label()
            + " of run "
            + part.runId()
            + ": its rates and users are this injector's share; merge the "
            + part.injectorCount()
            + " parts' run folders with CapacityMain for the run's figures.");
  }
}
