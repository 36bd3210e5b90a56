package dev.ttftgap.gatling;

import dev.ttftgap.config.SearchSettings;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.Load;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.List;

/**
 * A run whose rates are chosen while it runs: a search for the highest rate within the SLO ({@link
 * SearchDriver}) or auto stairs placed from a burst ({@link AutoStairsDriver}). Gatling injects a
 * comb of candidate users and the driver admits those it wants ({@link CombDriver}); the driver
 * names the steps and prints its own phases, and the capacity report judges them (no Gatling
 * assertions). Never split: each injector would choose its own rates.
 */
final class CombRun implements LoadRun {
  private final RunCommon common;
  private final CombDriver comb;
  private final LoadGeneratorProbes probes;
  private final UserChains users;

  CombRun(Class<?> simulation, RunSetup setup) {
    this.common = new RunCommon(simulation, setup);
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
    // the probes cut their samples by the phase the driver is in
    this.probes = new LoadGeneratorProbes(common.recordsFile(), comb::stepAt);
    this.users = new UserChains(common, this::contextOf);
  }

  @Override
  public HttpProtocolBuilder protocol() {
    return common.protocol();
  }

  @Override
  public ChainBuilder request() {
    return users.request();
  }

  /** The comb of candidates, admitted or not, and the stop once the driver is done. */
  @Override
  public PopulationBuilder population(String scenarioName) {
    return comb.population(scenarioName, probes, request());
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

  @Override
  public void start() {
    common.start(comb, probes);
  }

  @Override
  public void finish() {
    common.finish(comb, probes);
  }

  /** The request's context: what the driver admitted it for (step, label, rate). */
  private RequestContext contextOf(Session session) {
    return comb.context(session, common.context(session, common.stepNow()));
  }
}
