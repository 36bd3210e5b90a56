package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityAnalysis;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.analysis.PreviousRunStep;
import dev.ttftgap.analysis.RecordsFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Analyses records files and writes {@code capacity.json}, {@code capacity.md} and {@code
 * capacity.html}: what the Gatling glue calls at the end of a run and what {@link CapacityMain}
 * calls from the command line.
 */
public final class CapacityReports {
  public static final String JSON_FILE = "capacity.json";
  public static final String MARKDOWN_FILE = "capacity.md";
  public static final String HTML_FILE = "capacity.html";

  private CapacityReports() {}

  /**
   * Analyses {@code recordsFiles} (files, or run folders holding {@code records.jsonl}) as one set
   * of samples, then writes the three report files into {@code outDir} (created if needed). The
   * caller prints {@link CapacityConsole#render} and, in CI, {@link
   * CapacityMarkdown#appendToStepSummary}.
   *
   * @throws IllegalArgumentException with a one-line message when an input or the baseline is
   *     unusable
   */
  public static CapacityReport writeAll(
      List<Path> recordsFiles, Path outDir, CapacityOptions options) {
    return writeAll(recordsFiles, outDir, options, List.of());
  }

  /**
   * {@link #writeAll(List, Path, CapacityOptions)} with run notes (what happened to the run, e.g.
   * the circuit breaker's verdict), which come first among the verdicts.
   */
  public static CapacityReport writeAll(
      List<Path> recordsFiles, Path outDir, CapacityOptions options, List<String> runNotes) {
    List<Path> files = RecordsFiles.resolve(recordsFiles);
    List<PreviousRunStep> baseline =
        options.baseline().map(CapacityJson::readBaseline).orElse(null);
    CapacityReport report = CapacityAnalysis.analyzeFiles(files, options, baseline, runNotes);
    write(report, outDir, RunHeader.readBeside(files));
    return report;
  }

  /** Writes the three files of a finished report into {@code outDir}. */
  public static void write(CapacityReport report, Path outDir) {
    write(report, outDir, Optional.empty());
  }

  /**
   * Writes the three files of a finished report into {@code outDir}, the HTML opening with what ran
   * ({@code header}, when known).
   */
  public static void write(CapacityReport report, Path outDir, Optional<RunHeader> header) {
    try {
      Files.createDirectories(outDir);
      Files.writeString(
          outDir.resolve(JSON_FILE), CapacityJson.render(report), StandardCharsets.UTF_8);
      Files.writeString(
          outDir.resolve(MARKDOWN_FILE), CapacityMarkdown.render(report), StandardCharsets.UTF_8);
      Files.writeString(
          outDir.resolve(HTML_FILE), CapacityHtml.render(report, header), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("capacity report: cannot write into " + outDir, e);
    }
  }
}
