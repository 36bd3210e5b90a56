package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.config.SettingsSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/** {@code capacity.md}: the verdicts and a compact step table, fit for a CI job summary. */
public final class CapacityMarkdown {
  /** The environment variable GitHub Actions sets to the job summary file. */
  public static final String STEP_SUMMARY_ENV = "GITHUB_STEP_SUMMARY";

  private CapacityMarkdown() {}

  public static String render(CapacityReport report) {
    StringBuilder md = new StringBuilder("## Capacity: TTFT − TTFB gap under rising load\n\n");
    for (String sentence : VerdictSentences.of(report)) {
      md.append("- ").append(sentence).append('\n');
    }
    md.append('\n');
    table(md, StepTable.header(report), StepTable.rows(report));
    if (ServerTable.present(report)) {
      md.append("\nThe server's view (")
          .append(report.serverMetrics().vendor())
          .append(" `/metrics`; queue quantiles interpolated in its buckets; means in ms):\n\n");
      table(md, ServerTable.HEADER, ServerTable.rows(report));
    }
    md.append("\nL = mean requests in flight; queueing = (gap − low-load gap) / TTFT; queue at =")
        .append(" where the step's TTFT growth sits: before the headers (TTFB), after them (gap),")
        .append(" both, or none. ")
        .append(report.input().requests())
        .append(" requests (")
        .append(report.input().warmupRequests())
        .append(" warm-up) from ")
        .append(String.join(", ", report.input().sources()))
        .append(".\n");
    classes(md, report);
    if (report.recovery() != null) {
      md.append("\n### Launch spike, window by window\n\n");
      table(md, RecoveryTable.HEADER, RecoveryTable.rows(report.recovery()));
    }
    String api = OutputKinds.api(report);
    if (!api.isEmpty()) {
      md.append('\n').append(api).append('\n');
    }
    for (String note : OutputKinds.notes(report)) {
      md.append("\n").append(note).append('\n');
    }
    if (WorkloadTables.present(report)) {
      md.append("\n### Workload\n\n");
      String sentence = WorkloadTables.sentences(report);
      if (!sentence.isEmpty()) {
        md.append(sentence).append("\n\n");
      }
      table(md, WorkloadTables.lengthsHeader(report), WorkloadTables.lengthRows(report));
      if (!report.workload().turns().isEmpty()) {
        md.append("\nTTFT by conversation turn:\n\n");
        table(md, WorkloadTables.TURNS_HEADER, WorkloadTables.turnRows(report));
      }
    }
    return md.toString();
  }

  /** One compact step table per request class, when the run had classes. */
  private static void classes(StringBuilder md, CapacityReport report) {
    if (!ClassTables.present(report)) {
      return;
    }
    md.append("\n### Request classes\n\nRates are the run's total offered rate; each class is")
        .append(" judged on its own SLO.\n");
    for (var cls : ClassTables.classes(report)) {
      md.append("\n**").append(ClassTables.title(cls)).append("**\n\n");
      table(md, ClassTables.HEADER, ClassTables.rows(report, cls));
    }
  }

  private static void table(StringBuilder md, List<String> header, List<List<String>> rows) {
    md.append(new TextTable(TextTable.Layout.STEPS, header).rows(rows).toMarkdown());
  }

  /**
   * Appends the report to the file named by {@code $GITHUB_STEP_SUMMARY}, when set.
   *
   * @return whether it was appended
   */
  public static boolean appendToStepSummary(CapacityReport report) {
    return appendToStepSummary(report, SettingsSource.current().environment());
  }

  static boolean appendToStepSummary(CapacityReport report, Map<String, String> environment) {
    String file = environment.get(STEP_SUMMARY_ENV);
    if (file == null || file.isBlank()) {
      return false;
    }
    try {
      Files.writeString(
          Path.of(file),
          render(report) + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(STEP_SUMMARY_ENV + ": cannot append to " + file, e);
    }
  }
}
