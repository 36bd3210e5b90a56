package dev.ttftgap.gatling;

import dev.ttftgap.measure.RequestContext;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.List;

/**
 * How a {@link LoadRun} injects its users and places their requests in steps: fixed stairs ({@link
 * StairsRun}) or rates chosen while the run goes ({@link CombRun}); with what each does at the
 * run's start and finish ({@link ModeSteps}).
 */
sealed interface RunMode extends ModeSteps permits StairsRun, CombRun {

  /**
   * The scenario of users doing {@code request}, injected as the mode says, each user's start told
   * to the {@code probes}.
   */
  PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request);

  /** The profile's SLO as Gatling assertions on the steps it covers. */
  List<Assertion> assertions();

  /** A bound on the run, with time for the last requests to finish. */
  Duration maxDuration();

  /** The context of the request planned in {@code session}: its step, label, rate or users. */
  RequestContext contextOf(Session session);

  /** The step under way {@code elapsedMillis} into the run, by which the probes cut samples. */
  int stepAt(long elapsedMillis);
}
