package dev.ttftgap.simulations;

import dev.ttftgap.gatling.ExperimentRun;
import io.gatling.javaapi.core.Simulation;

/**
 * The source articles' prompt-length experiment ({@code
 * simulations/experiments/prompt-length.json}): one request at a time, the first round of each arm
 * dropped, the table printed at the end. Run with {@code mvn gatling:test -Pprompt-length}.
 */
public class PromptLengthSimulation extends Simulation {
  // settings, plan and target, validated before any request
  private final ExperimentRun run =
      ExperimentRun.prepare(PromptLengthSimulation.class, "prompt-length");

  {
    setUp(run.population("prompt-length")).protocols(run.protocol()).maxDuration(run.maxDuration());
  }

  @Override
  public void after() {
    run.finish();
  }
}
