package dev.ttftgap.simulations;

import dev.ttftgap.gatling.ExperimentRun;
import io.gatling.javaapi.core.Simulation;

/**
 * The source articles' baseline experiment ({@code simulations/experiments/baseline.json}): one
 * request at a time, the first round of each arm dropped, the table printed at the end. Run with
 * {@code mvn gatling:test -Pbaseline}.
 */
public class BaselineSimulation extends Simulation {
  // settings, plan and target, validated before any request
  private final ExperimentRun run = ExperimentRun.prepare(BaselineSimulation.class, "baseline");

  {
    setUp(run.population("baseline")).protocols(run.protocol()).maxDuration(run.maxDuration());
  }

  @Override
  public void after() {
    run.finish();
  }
}
