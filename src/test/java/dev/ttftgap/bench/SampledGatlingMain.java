package dev.ttftgap.bench;

import java.nio.file.Path;

/**
 * Entry point of the forked load-generator JVM: starts a {@link ProcessSampler} (file from {@code
 * -Dttftgap.bench.samples}), then hands the arguments to Gatling's own main, exactly as the Maven
 * plugin would.
 */
public final class SampledGatlingMain {
  private SampledGatlingMain() {}

  public static void main(String[] args) {
    String samples = System.getProperty("ttftgap.bench.samples");
    if (samples != null) {
      ProcessSampler.start(Path.of(samples), 250);
    }
    io.gatling.app.Gatling.main(args);
  }
}
