package dev.ttftgap.gatling;

import dev.ttftgap.config.OutputFolders;
import dev.ttftgap.config.Setting;
import dev.ttftgap.config.Settings;
import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.servermetrics.ScrapeFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Puts a run's records next to Gatling's report ({@code reports/<run>/records.jsonl}) and writes
 * the capacity report beside them. Gatling creates the run folder when the run starts, so it exists
 * by {@code after()}; its name is only known by looking.
 */
final class RunOutputs {
  static final String RECORDS_FILE = "records.jsonl";

  private RunOutputs() {}

  /** Where Gatling's run folders and the records go ({@code -Dttftgap.reportsDir}). */
  static Path reportsDir() {
    return SettingsSource.current().folder(Setting.REPORTS_DIR);
  }

  /**
   * Fails with one line, before any request, when a folder the run writes at its end (the reports
   * folder, {@code -Drecords.dir}) cannot be written.
   */
  static void checkWritable(Settings settings) {
    OutputFolders.checkWritable("the reports folder (-Dttftgap.reportsDir)", reportsDir());
    settings.recordsDir().ifPresent(dir -> OutputFolders.checkWritable("-Drecords.dir", dir));
  }

  /**
   * A run's name: what it ran (the load profile's or experiment's name) and when it started (UTC),
   * e.g. {@code rising-rate-20261130-232048}. It names the run folder, and every record's {@code
   * run} field.
   */
  static String runName(String what, java.time.Instant start) {
    String stem = what.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
    return stem
        + "-"
        + java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(java.time.ZoneOffset.UTC)
            .format(start);
  }

  /**
   * Where a run writes its records while it runs: in the reports folder, under the run's name, so
   * that an interrupted run's records (in-flight requests written as {@code interrupted}) are easy
   * to find. {@link #placeRecords} moves them next to the report at the end. Created with the
   * permissions every other file of the run gets (not a temp file's 0600).
   */
  static Path newRecordsFile(String runName) {
    try {
      Path reportsDir = reportsDir();
      Files.createDirectories(reportsDir);
      for (int n = 1; ; n++) {
        Path file = reportsDir.resolve(runName + (n == 1 ? "" : "-" + n) + ".records.jsonl");
        try {
          Files.createFile(file);
          System.out.println("ttft-gap: records go to " + file + " during the run");
          return file;
        } catch (java.nio.file.FileAlreadyExistsException taken) {
          // two runs started in the same second: the next free name
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Moves the records into Gatling's run folder (found by the simulation's id, the lower-cased
   * class name Gatling names it after), copying them to {@code -Drecords.dir} too as {@code
   * <runName>.jsonl}. Says nothing: the folder is renamed next ({@link RunEnding#rename}), which
   * prints where the records end up.
   */
  static Path placeRecords(
      String simulationName, String runName, Path recordsFile, Settings settings) {
    return placeRecords(simulationName, runName, recordsFile, settings, Optional.empty());
  }

  /**
   * As {@link #placeRecords(String, String, Path, Settings)}, into {@code ownRunFolder} when known
   * (see {@link #ownRunFolder}), else into the newest run folder of the simulation without records.
   */
  static Path placeRecords(
      String simulationName,
      String runName,
      Path recordsFile,
      Settings settings,
      Optional<Path> ownRunFolder) {
    Path reportsDir = reportsDir();
    Path runDir =
        ownRunFolder
            .filter(Files::isDirectory)
            .or(() -> latestRunFolder(reportsDir, simulationName))
            .orElseGet(
                () ->
                    reportsDir.resolve(simulationName + "-records-" + System.currentTimeMillis()));
    try {
      Files.createDirectories(runDir);
      Path records = runDir.resolve(RECORDS_FILE);
      Files.move(recordsFile, records, StandardCopyOption.REPLACE_EXISTING);
      settings.recordsDir().ifPresent(dir -> copy(records, dir, runName));
      return runDir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The run folder whose {@code simulation.log} this JVM holds open (read from {@code
   * /proc/self/fd}, so Linux only; empty elsewhere or before Gatling opened it). Two injectors of a
   * split run on one machine share the reports folder and end within milliseconds of each other:
   * "the newest folder without records" could then hand both the same folder.
   */
  static Optional<Path> ownRunFolder() {
    Path fds = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fds)) {
      return Optional.empty();
    }
    Path reports = reportsDir().toAbsolutePath().normalize();
    try (Stream<Path> links = Files.list(fds)) {
      return links
          .map(RunOutputs::target)
          .filter(t -> t != null && t.getFileName() != null)
          .filter(t -> t.getFileName().toString().equals("simulation.log"))
          .map(Path::getParent)
          .filter(dir -> dir != null && reports.equals(dir.getParent()))
          .findFirst();
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }

  private static Path target(Path link) {
    try {
      return Files.readSymbolicLink(link);
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
  }

  /** Where a run's scrapes go while it runs: beside its records, same name stem. */
  static Path scrapeFileFor(Path recordsFile) {
    String name = recordsFile.getFileName().toString().replace(".records.jsonl", "");
    return recordsFile.resolveSibling(name + "." + ScrapeFile.NAME);
  }

  /** Moves the scrapes, when there are any, next to the records as {@value ScrapeFile#NAME}. */
  static void placeScrapes(Path scrapeFile, Path runDir) {
    if (!Files.exists(scrapeFile)) {
      return;
    }
    try {
      Files.move(scrapeFile, runDir.resolve(ScrapeFile.NAME), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Optional<Path> latestRunFolder(Path reportsDir, String simulationName) {
    if (!Files.isDirectory(reportsDir)) {
      return Optional.empty();
    }
    try (Stream<Path> runs = Files.list(reportsDir)) {
      return runs.filter(p -> p.getFileName().toString().startsWith(simulationName + "-"))
          .filter(p -> Files.exists(p.resolve("simulation.log")))
          .filter(p -> !Files.exists(p.resolve(RECORDS_FILE)))
          .max(Comparator.comparing(p -> p.getFileName().toString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void copy(Path records, Path dir, String runName) {
    try {
      Files.createDirectories(dir);
      Files.copy(records, dir.resolve(runName + ".jsonl"), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
