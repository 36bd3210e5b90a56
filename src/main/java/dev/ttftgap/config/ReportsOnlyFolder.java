package dev.ttftgap.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Checks {@code -Dgatling.reportsOnly} before Gatling reads it. Gatling 3.15.1 looks for the run in
 * {@code <results folder>/<value>} and, when it is not there, stops with a stack trace; what a
 * shell's tab completion gives ({@code reports/rising-rate-20261130-232048/}) is such a value. Run
 * by {@code mvn gatling:test -Dgatling.reportsOnly=...} (a Maven profile) before Gatling starts.
 *
 * <p>Usage: {@code ReportsOnlyFolder.problem(Path.of("reports"), Path.of(""), value)} is empty when
 * Gatling will find the run, else the one line that says what to give instead.
 */
public final class ReportsOnlyFolder {
  private static final String LOG = "simulation.log";

  private ReportsOnlyFolder() {}

  /**
   * Args: the results folder, the project folder (where a relative path is typed from), the value
   * of {@code -Dgatling.reportsOnly}. Exit 1 with one line.
   */
  public static void main(String[] args) {
    Optional<String> problem =
        problem(Path.of(args[0]), Path.of(args[1]), args.length > 2 ? args[2] : "");
    if (problem.isPresent()) {
      System.err.println("ttft-gap: " + problem.get());
      System.err.flush();
      System.exit(1);
    }
  }

  /**
   * Empty when {@code <resultsFolder>/<value>} holds a run Gatling can read; otherwise one line
   * naming {@code -Dgatling.reportsOnly}, what is wrong, and the value to give.
   *
   * @param projectFolder where a relative value was typed from (the folder {@code mvn} runs in)
   */
  public static Optional<String> problem(Path resultsFolder, Path projectFolder, String value) {
    String trimmed = value.strip();
    if (Files.isRegularFile(resultsFolder.resolve(trimmed).resolve(LOG))) {
      return Optional.empty();
    }
    Path given = projectFolder.resolve(trimmed);
    if (!trimmed.isEmpty() && Files.isRegularFile(given.resolve(LOG))) {
      return Optional.of(
          "-Dgatling.reportsOnly="
              + value
              + ": Gatling looks for the run inside "
              + resultsFolder
              + "; give the run folder's name alone: -Dgatling.reportsOnly="
              + given.toAbsolutePath().normalize().getFileName());
    }
    return Optional.of(
        "-Dgatling.reportsOnly="
            + value
            + ": no run with a simulation.log there; give one of the run folders of "
            + resultsFolder
            + ": "
            + String.join(", ", runs(resultsFolder)));
  }

  private static List<String> runs(Path resultsFolder) {
    if (!Files.isDirectory(resultsFolder)) {
      return List.of("(none)");
    }
    try (Stream<Path> entries = Files.list(resultsFolder)) {
      List<String> runs =
          entries
              .filter(p -> Files.isRegularFile(p.resolve(LOG)))
              .map(p -> p.getFileName().toString())
              .sorted()
              .toList();
      return runs.isEmpty() ? List.of("(none)") : runs;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
