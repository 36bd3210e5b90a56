package dev.ttftgap.report;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.stream.Stream;

/**
 * Where {@link CapacityMain} writes: never over a run's own report unless asked. A folder that
 * already holds a {@code capacity.json}, {@code .html} or {@code .md} keeps them; the new report
 * goes to a new folder inside it, {@code capacity-<yyyyMMdd-HHmmss>} (UTC, with {@code -2}, {@code
 * -3}… when taken), and the command says so.
 */
final class ReportFolder {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  private ReportFolder() {}

  /** {@code target}, or a new folder inside it when it holds a report and not {@code overwrite}. */
  static Path choose(Path target, boolean overwrite, PrintStream out) {
    return choose(target, overwrite, out, Instant.now());
  }

  static Path choose(Path target, boolean overwrite, PrintStream out, Instant now) {
    if (overwrite || !holdsReport(target)) {
      return target;
    }
    String stem = "capacity-" + STAMP.format(now);
    Path folder = target.resolve(stem);
    for (int n = 2; Files.exists(folder); n++) {
      folder = target.resolve(stem + "-" + n);
    }
    out.println(
        "ttft-gap: "
            + target
            + " already holds a capacity report, kept as it is; the new one goes to "
            + folder
            + " (--overwrite replaces the old one instead)");
    return folder;
  }

  private static boolean holdsReport(Path folder) {
    return Stream.of(
            CapacityReports.JSON_FILE, CapacityReports.HTML_FILE, CapacityReports.MARKDOWN_FILE)
        .anyMatch(name -> Files.exists(folder.resolve(name)));
  }
}
