package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.exec;

import dev.ttftgap.config.Setting;
import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.gatling.internal.GatlingInternals;
import dev.ttftgap.health.LoadGeneratorLog;
import dev.ttftgap.health.LoadGeneratorMonitor;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongToIntFunction;

/**
 * The load generator's health probes in a Gatling run: a {@link LoadGeneratorMonitor} started with
 * the run, the event loops handed to it when the first user starts, and the injection lag of every
 * start. Its file ends up beside {@code records.jsonl} as {@value LoadGeneratorLog#FILE_NAME}.
 *
 * <p>Injection lag (open model): a user's planned start is Gatling's own schedule ({@link
 * GatlingInternals#plannedStartsNanos}), its actual start the first action it runs, recorded
 * against the monitor's origin (the analysis takes the best-served start as on time). A closed
 * model's lag (each request against the end of the user's previous one) is read from the records by
 * the analysis; a closed-model user's first action also starts the event-loop probe.
 */
final class LoadGeneratorProbes {
  /**
   * {@code -Dttftgap.loadGeneratorProbes=off} runs without the probes (no {@value
   * LoadGeneratorLog#FILE_NAME}, no health verdict): only for measuring what they cost ({@code
   * StreamingBenchmark}, docs/performance.md), not a user setting.
   */
  static final String SWITCH = Setting.LOAD_GENERATOR_PROBES.property().orElseThrow();

  private final Path file;
  private final LongToIntFunction stepAtElapsedMillis;
  private volatile LoadGeneratorMonitor monitor;
  private volatile long[] plannedStartsNanos;

  /**
   * Probes that will write beside {@code recordsFile} while it is written, their samples cut by
   * {@code stepAtElapsedMillis} (the step running so many ms after the run's start; 0: warm-up);
   * not started yet.
   */
  LoadGeneratorProbes(Path recordsFile, LongToIntFunction stepAtElapsedMillis) {
    this.file = recordsFile.resolveSibling(recordsFile.getFileName() + ".load-generator.jsonl");
    this.stepAtElapsedMillis = stepAtElapsedMillis;
  }

  /** Starts the monitor; call when the run starts (the schedule's time zero). */
  void start() {
    if (SettingsSource.current()
        .rawProperty(Setting.LOAD_GENERATOR_PROBES)
        .filter("off"::equals)
        .isPresent()) {
      System.out.println("ttft-gap: load generator probes off (" + SWITCH + "=off)");
      return;
    }
    monitor = LoadGeneratorMonitor.start(file, stepAtElapsedMillis);
  }

  /** The open injection steps the run uses: their planned starts are what lag is measured from. */
  List<OpenInjectionStep> plan(List<OpenInjectionStep> steps) {
    plannedStartsNanos = GatlingInternals.plannedStartsNanos(steps);
    return steps;
  }

  /** First action of an open-model user: probes the loops if not yet done, notes how late it is. */
  ChainBuilder userStarted() {
    return exec(
        session -> {
          LoadGeneratorMonitor monitor = this.monitor;
          if (monitor == null) {
            return session;
          }
          if (!monitor.probing()) {
            List<ScheduledExecutorService> loops = GatlingInternals.eventLoops();
            if (!loops.isEmpty()) {
              monitor.probe(loops);
            }
          }
          long now = monitor.elapsedNanos();
          long[] planned = plannedStartsNanos;
          long index = session.userId() - 1;
          if (planned != null && index >= 0 && index < planned.length) {
            monitor.injectionDelay(now - planned[(int) index]);
          }
          return session;
        });
  }

  /** Stops the probes and moves their file into the run's folder, beside the records. */
  void finish(Path runDir) {
    LoadGeneratorMonitor monitor = this.monitor;
    if (monitor == null) {
      return;
    }
    monitor.close();
    try {
      Files.move(
          file, runDir.resolve(LoadGeneratorLog.FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
