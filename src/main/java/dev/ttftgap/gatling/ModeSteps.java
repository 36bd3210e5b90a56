package dev.ttftgap.gatling;

import java.nio.file.Path;
import java.util.List;

/**
 * What a run's mode adds to the start and finish every {@link LoadRun} shares ({@link RunCommon}),
 * in the order they are called: fixed stairs print their steps ({@link StepProgress}), a search or
 * auto stairs tick their driver ({@link CombDriver}).
 */
interface ModeSteps {
  /** Once the scraper runs, before the probes and the breaker gate start. */
  void start();

  /** Once the breaker gate has stopped, before the records close; nothing by default. */
  default void stop() {}

  /** Once the records are closed (those in flight written as cut); nothing by default. */
  default void recordsClosed() {}

  /** What the report's verdicts should say about the run's shape, after the common notes. */
  default List<String> runNotes() {
    return List.of();
  }

  /** Adds what the mode decided to the run folder's {@code run.json}; nothing by default. */
  default void writeInto(Path runDir) {}
}
