package dev.ttftgap.gatling;

import dev.ttftgap.config.SearchSettings;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.Load;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A run whose rates are chosen while it runs: a search for the highest rate within the SLO ({@link
 * SearchDriver}) or auto stairs placed from a burst ({@link AutoStairsDriver}). Gatling injects a
 * comb of candidate users and the driver admits those it wants ({@link CombDriver}); the driver
 * names the steps and prints its own phases, and the capacity report judges them (no Gatling
 * assertions). Never split: each injector would choose its own rates.
 */
final class CombRun implements RunMode {
  private final RunCommon common;
  private final CombDriver comb;

  CombRun(RunCommon common) {
    RunSetup setup = common.setup();
    this.common = common;
    Load load = setup.profile().load();
    this.comb =
        load.search().isPresent()
            ? new SearchDriver(
                load,
                SearchSettings.load(),
                setup.capacityOptions(common.requests()),
                common.records(),
                common::elapsedMillis)
            : new AutoStairsDriver(load, common.records(), common::elapsedMillis);
  }

  /** The comb of candidates, admitted or not, and the stop once the driver is done. */
  @Override
  public PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request) {
    return comb.population(scenarioName, probes, request);
  }

  /** None: the driver names its steps as it goes; the capacity report judges them. */
  @Override
  public List<Assertion> assertions() {
    return List.of();
  }

  /** The driver's bound plus one stream timeout (at most 120 s) for the last requests. */
  @Override
  public Duration maxDuration() {
    return comb.maxDuration(common.setup().profile().timeouts().streamSeconds());
  }

  /** The phase the driver is in (0: warm-up, calibration or a drain). */
  @Override
  public int stepAt(long elapsedMillis) {
    return comb.stepAt(elapsedMillis);
  }

  /** Starts the driver's ticker. */
  @Override
  public void start() {
    comb.start();
  }

  /** Stops the driver's ticker. */
  @Override
  public void stop() {
    comb.stop();
  }

  @Override
  public List<String> runNotes() {
    return comb.runNotes();
  }

  @Override
  public void writeInto(Path runDir) {
    comb.writeInto(runDir);
  }

  /** What the driver admitted the request for (step, label, rate). */
  @Override
  public RequestContext contextOf(Session session) {
    return comb.context(session, common.context(session, common.stepNow()));
  }
}
