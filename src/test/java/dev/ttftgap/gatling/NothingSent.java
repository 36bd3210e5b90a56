package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The check for a forked run that had to stop before its first request (a bad knob, a model the
 * server does not list): it exits 1 and whatever records files it left below its folder are empty.
 */
final class NothingSent {
  private NothingSent() {}

  /**
   * Forks {@code simulation} with these {@code -D} properties and environment, and checks that it
   * stopped before any load: exit code 1 and no record below {@code dir}; returns the run for the
   * checks of its one-line message.
   */
  static GatlingFork.Result runStoppedBeforeLoad(
      Class<?> simulation, Path dir, Map<String, String> properties, Map<String, String> env)
      throws IOException {
    GatlingFork.Result run =
        GatlingFork.run(simulation, dir, properties, env, false, Duration.ofSeconds(120));
    assertThat(run.exitCode()).as("stopped before any load:\n%s", run.output()).isEqualTo(1);
    assertNoRecordsUnder(dir);
    return run;
  }

  /** Every {@link RunOutputs#RECORDS_FILE} below {@code dir} holds no record. */
  static void assertNoRecordsUnder(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      assertThat(files.filter(p -> p.endsWith(RunOutputs.RECORDS_FILE)).toList())
          .as("no records: nothing was sent")
          .allSatisfy(p -> assertThat(RecordReader.read(p)).isEmpty());
    }
  }
}
