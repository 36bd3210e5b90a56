package dev.ttftgap.gatling;

import dev.ttftgap.simulations.RisingRateSimulation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * Runs one simulation in a separate JVM, the way the Gatling Maven plugin does ({@code
 * io.gatling.app.Gatling --simulation ... --results-folder ...}), for tests that check what a real
 * run records. Bounded: the process is killed after the timeout.
 */
public final class GatlingFork {
  /** What a run left: exit code, console output and its results folder. */
  public record Result(int exitCode, String output, Path resultsDir) {
    /** The run folder Gatling created (the newest one). */
    public Path runFolder() {
      try (Stream<Path> runs = Files.list(resultsDir)) {
        return runs.filter(Files::isDirectory)
            .max(Comparator.comparing(p -> p.getFileName().toString()))
            .orElseThrow(
                () -> new IllegalStateException("no run folder in " + resultsDir + "\n" + output));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    public Path records() {
      return runFolder().resolve(RunOutputs.RECORDS_FILE);
    }
  }

  /**
   * The JVM options gatling-maven-plugin 4.21 gives Gatling (its {@code GatlingConstants}): without
   * the {@code --add-opens} Gatling 3.15 crashes at start on Java 17 ({@code StringInternals}:
   * module java.base does not open java.lang).
   */
  public static final List<String> PLUGIN_JVM_OPTIONS =
      List.of(
          "-XX:+HeapDumpOnOutOfMemoryError",
          "-XX:MaxInlineLevel=20",
          "-XX:MaxTrivialSize=12",
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");

  private GatlingFork() {}

  /**
   * What to fork: the simulation, the folder for its results, the forked JVM's system properties
   * ({@code profile}, ...) and environment, and whether Gatling writes its HTML report. LLM_* and
   * OPENAI_* variables of this JVM are never inherited, so a developer's own endpoint can't leak
   * into a test.
   */
  public record Launch(
      Class<?> simulation,
      Path resultsDir,
      Map<String, String> properties,
      Map<String, String> environment,
      boolean reports) {}

  /** Forks a {@link Launch} of these parts and waits for the run's end. */
  public static Result run(
      Class<?> simulation,
      Path resultsDir,
      Map<String, String> properties,
      Map<String, String> environment,
      boolean reports,
      Duration timeout) {
    return runUntil(
        new Launch(simulation, resultsDir, properties, environment, reports), () -> false, timeout);
  }

  /**
   * Like {@link #run}, but once {@code terminateWhen} holds (polled every 50 ms) the JVM gets a
   * SIGTERM, as from Ctrl-C or a CI job's cancel, and its shutdown hooks run.
   */
  public static Result runUntil(Launch launch, BooleanSupplier terminateWhen, Duration timeout) {
    Path resultsDir = launch.resultsDir();
    try {
      Files.createDirectories(resultsDir);
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(PLUGIN_JVM_OPTIONS);
      command.add("-Xmx1g");
      // as the Gatling Maven plugin does: Gatling reflects into java.lang
      command.add("--add-opens=java.base/java.lang=ALL-UNNAMED");
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add("-Dttftgap.reportsDir=" + resultsDir.toAbsolutePath());
      command.add("-Dttftgap.simulationsDir=" + Path.of("simulations").toAbsolutePath());
      launch.properties().forEach((k, v) -> command.add("-D" + k + "=" + v));
      command.add("io.gatling.app.Gatling");
      command.add("--simulation");
      command.add(launch.simulation().getName());
      command.add("--results-folder");
      command.add(resultsDir.toAbsolutePath().toString());
      if (!launch.reports()) {
        command.add("--no-reports");
      }
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
      Path log = Files.createTempFile("gatling-fork-", ".log");
      builder.redirectOutput(log.toFile());
      Map<String, String> env = builder.environment();
      env.keySet().removeIf(k -> k.startsWith("LLM_") || k.startsWith("OPENAI_"));
      env.putAll(launch.environment());
      Process process = builder.start();
      long deadline = System.nanoTime() + timeout.toNanos();
      boolean terminated = false;
      while (process.isAlive() && System.nanoTime() < deadline) {
        if (!terminated && terminateWhen.getAsBoolean()) {
          process.destroy(); // SIGTERM: shutdown hooks run
          terminated = true;
        }
        process.waitFor(50, TimeUnit.MILLISECONDS);
      }
      if (process.isAlive()) {
        process.destroyForcibly().waitFor();
        throw new IllegalStateException(
            "Gatling run exceeded "
                + timeout
                + ":\n"
                + Files.readString(log, StandardCharsets.UTF_8));
      }
      return new Result(
          process.exitValue(), Files.readString(log, StandardCharsets.UTF_8), resultsDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * The run most tests fork: {@link RisingRateSimulation} with the load profile {@code profile} (a
   * name in {@code simulations/} or a file), pointed at {@code baseUrl} and {@code model} through
   * {@code LLM_BASE_URL} and {@code LLM_MODEL}.
   */
  public static Result risingRate(
      Path resultsDir,
      String profile,
      String baseUrl,
      String model,
      boolean reports,
      Duration timeout) {
    return run(
        RisingRateSimulation.class,
        resultsDir,
        Map.of("profile", profile),
        Map.of("LLM_BASE_URL", baseUrl, "LLM_MODEL", model),
        reports,
        timeout);
  }

  /** Convenience for the common case: no extra environment, no HTML report. */
  public static Result run(
      Class<?> simulation, Path resultsDir, Map<String, String> properties, Duration timeout) {
    return run(simulation, resultsDir, properties, Map.of(), false, timeout);
  }
}
