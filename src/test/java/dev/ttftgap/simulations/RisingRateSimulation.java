package dev.ttftgap.simulations;

import dev.ttftgap.gatling.LoadRun;
import io.gatling.javaapi.core.Simulation;

/**
 * The default run: streaming chat completions at rising arrival rates (load profile {@code
 * simulations/rising-rate.json}, or {@code -Dprofile=NAME}), against the embedded engine unless
 * {@code LLM_BASE_URL} is set. Rows per step show TTFB flat and the gap widening as the server
 * starts to queue; the capacity report beside Gatling's says where and why.
 */
public class RisingRateSimulation extends Simulation {
  // settings, load profile and target, validated before any load
  private final LoadRun run = LoadRun.prepare(RisingRateSimulation.class);

  {
    setUp(run.population("streaming chat"))
        .protocols(run.protocol())
        .assertions(run.assertions())
        .maxDuration(run.maxDuration());
  }

  @Override
  public void before() {
    run.start();
  }

  @Override
  public void after() {
    run.finish();
  }
}
