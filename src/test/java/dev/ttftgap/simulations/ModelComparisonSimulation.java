package dev.ttftgap.simulations;

import dev.ttftgap.gatling.ExperimentRun;
import io.gatling.javaapi.core.Simulation;

/**
 * The source articles' model-comparison experiment ({@code
 * simulations/experiments/model-comparison.json}): one request at a time, the first round of each
 * arm dropped, the table printed at the end. Run with {@code mvn gatling:test -Pmodel-comparison}.
 */
public class ModelComparisonSimulation extends Simulation {
  // settings, plan and target, validated before any request
  private final ExperimentRun run =
      ExperimentRun.prepare(ModelComparisonSimulation.class, "model-comparison");

  {
    setUp(run.population("model-comparison"))
        .protocols(run.protocol())
        .maxDuration(run.maxDuration());
  }

  @Override
  public void after() {
    run.finish();
  }
}
