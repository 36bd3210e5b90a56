package dev.ttftgap.gatling;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.List;

/**
 * Everything a rising-load simulation needs besides its DSL: settings and load profile (validated
 * before any load), the target (the embedded engine unless a URL is given), the per-request
 * records, and the capacity report at the end. What every run shares is {@link RunCommon}; how it
 * injects its users is its mode, chosen by the load profile: fixed stairs of rates or users ({@link
 * StairsRun}), or rates chosen while the run goes, a search or auto stairs ({@link CombRun}).
 * Simulations call it and stay thin: a whole simulation reads (this is {@code
 * dev.ttftgap.simulations.RisingRateSimulation}, which {@code MeasurementRunIT} runs against an
 * engine):
 *
 * <pre>{@code
 * public class RisingRateSimulation extends Simulation {
 *   // settings, load profile and target, validated before any load
 *   private final LoadRun run = LoadRun.prepare(RisingRateSimulation.class);
 *
 *   {
 *     setUp(run.population("streaming chat"))
 *         .protocols(run.protocol())
 *         .assertions(run.assertions())
 *         .maxDuration(run.maxDuration());
 *   }
 *
 *   public void before() {
 *     run.start(); // steps are timed from here
 *   }
 *
 *   public void after() {
 *     run.finish(); // records flushed, engine stopped, capacity report written
 *   }
 * }
 * }</pre>
 */
public final class LoadRun {
  private final RunCommon common;
  private final RunMode mode;
  private final UserChains users;
  private final LoadGeneratorProbes probes;

  private LoadRun(Class<?> simulation, RunSetup setup) {
    this.common = new RunCommon(simulation, setup);
    this.mode = setup.adaptive() ? new CombRun(common) : new StairsRun(common);
    this.users = new UserChains(common, mode::contextOf);
    // the probes cut their samples by step: the schedule's, or the phase a search is in
    this.probes = new LoadGeneratorProbes(common.recordsFile(), mode::stepAt);
  }

  /** Validates everything and sets up the target; fails with one line before any load is sent. */
  public static LoadRun prepare(Class<?> simulation) {
    return OneLineFailure.guard(() -> new LoadRun(simulation, RunSetup.load()));
  }

  /** The HTTP protocol for the target, with the load profile's headers. */
  public HttpProtocolBuilder protocol() {
    return common.protocol();
  }

  /**
   * What a user does: one measured request with its own prompt, or, when the load profile holds
   * conversations, every turn of one conversation with the think time between turns; nothing more
   * once the circuit breaker has stopped the run.
   */
  public ChainBuilder request() {
    return users.request();
  }

  /**
   * The scenario injected as the load profile says: open stairs of rates, closed stairs of users,
   * or the comb of candidates a search or auto stairs admit from.
   */
  public PopulationBuilder population(String scenarioName) {
    return mode.population(scenarioName, probes, request());
  }

  /** The profile's SLO as Gatling assertions on the steps it covers; none for a comb's steps. */
  public List<Assertion> assertions() {
    return mode.assertions();
  }

  /** A bound on the run: the schedule plus one stream timeout to let the last requests finish. */
  public Duration maxDuration() {
    return mode.maxDuration();
  }

  /** Call from {@code before()}: the step of a request is computed from this instant. */
  public void start() {
    common.start(mode, probes);
  }

  /** Call from {@code after()}: records flushed, engine stopped, capacity report written. */
  public void finish() {
    common.finish(mode, probes);
  }
}
