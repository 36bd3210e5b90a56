package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.merge.RunParts;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Regenerates the capacity report from records files:
 *
 * <pre>
 * mvn -q exec:java -Dexec.mainClass=dev.ttftgap.report.CapacityMain -Dexec.args="reports/RUN"
 * </pre>
 *
 * <p>Arguments: one or more records files or run folders (merged as one set of samples), then the
 * options of {@link CapacityArguments#HELP} ({@code --help}). The SLO, peak rate and analytic
 * capacity are the run's own, read from its {@code run.json} ({@link RunJson}), and so are its
 * request classes with their SLOs and its launch spike, whose verdicts come out as the run's; an
 * option given replaces the stored value, and a limit given by neither is not applied. A run's own
 * {@code capacity.*} files are replaced only with {@code --overwrite}; by default the report goes
 * to a new folder ({@link ReportFolder}), and the command says where. Prints the console summary,
 * writes the three files, appends the Markdown to {@code $GITHUB_STEP_SUMMARY} when set. Exit
 * status 0, 2 with a one-line message on bad input, {@value RegressionGate#EXIT_REGRESSION} when
 * {@code --fail-on-regression} finds a regression against the baseline.
 *
 * <p>Given the run folders of a split run's parts ({@code -Dinjector=I/N}), it checks that they are
 * all the parts of one run ({@link RunParts}: a missing or foreign part is refused with one line)
 * and merges them ({@link MergedReports}); the report then goes to {@code RUNID-merged} beside the
 * first part unless {@code --out} names another folder.
 */
public final class CapacityMain {
  private CapacityMain() {}

  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** Runs the command; returns the exit status (0 ok, 2 bad input, 4 regression). */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      CapacityArguments arguments = CapacityArguments.parse(args);
      if (arguments.help()) {
        out.println(CapacityArguments.HELP);
        return 0;
      }
      Optional<RunJson.Stored> stored = RunJson.read(arguments.inputs().get(0));
      CapacityOptions options = arguments.options(stored.map(RunJson.Stored::options));
      out.println("ttft-gap: " + sloSource(stored, options));
      // the parts of a split run (-Dinjector=I/N) are checked and merged; anything else as before
      Optional<RunParts> parts = RunParts.detect(arguments.inputs());
      Path target = parts.map(p -> p.outDir(arguments.target())).orElse(arguments.target());
      Path outDir = ReportFolder.choose(target, arguments.overwrite(), out);
      CapacityReport report =
          parts.isPresent()
              ? MergedReports.writeAll(parts.get(), outDir, options)
              : CapacityReports.writeAll(arguments.inputs(), outDir, options);
      out.print(CapacityConsole.render(report));
      out.println("capacity report: " + outDir.resolve(CapacityReports.HTML_FILE));
      CapacityMarkdown.appendToStepSummary(report);
      if (arguments.failOnRegression()) {
        return regressionStatus(report, options, out, err);
      }
      return 0;
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
  }

  /** Where the SLO came from, and which limits apply. */
  private static String sloSource(Optional<RunJson.Stored> stored, CapacityOptions options) {
    String from =
        stored
            .map(s -> "SLO from " + s.file() + " (the run's own) and the options given")
            .orElse("no run.json beside the records: SLO from the options given only");
    return from + ": " + VerdictSentences.limits(options) + launchDay(options);
  }

  /**
   * "; request classes chat 80 % (p95 TTFT ≤ 1000 ms), rag 20 % (…)" and "; launch spike 11.5 rps
   * for 30 s over 5.5 rps" when the run had them: their verdicts come from the stored terms too.
   */
  static String launchDay(CapacityOptions options) {
    StringBuilder text = new StringBuilder();
    if (!options.classes().isEmpty()) {
      text.append("; request classes ")
          .append(
              String.join(
                  ", ",
                  options.classes().stream()
                      .map(
                          c ->
                              c.name()
                                  + " "
                                  + Fmt.pct(100 * c.share())
                                  + " ("
                                  + VerdictSentences.limits(c.slo())
                                  + ")")
                      .toList()));
    }
    options
        .burst()
        .ifPresent(
            b ->
                text.append("; launch spike ")
                    .append(Fmt.rate(b.burstRate()))
                    .append(" for ")
                    .append(b.burstSeconds())
                    .append(" s over ")
                    .append(Fmt.rate(b.baseRate())));
    return text.toString();
  }

  private static int regressionStatus(
      CapacityReport report, CapacityOptions options, PrintStream out, PrintStream err) {
    if (options.baseline().isEmpty()) {
      err.println("--fail-on-regression needs a baseline: add --baseline previous/capacity.json");
      return 2;
    }
    List<String> regressions = RegressionGate.regressions(report, options.baseline().get());
    if (regressions.isEmpty()) {
      out.println("ttft-gap: no SLO regression against " + options.baseline().get());
      return 0;
    }
    out.println(
        "ttft-gap: SLO regression against "
            + options.baseline().get()
            + ": "
            + String.join("; ", regressions)
            + "; exit status "
            + RegressionGate.EXIT_REGRESSION);
    return RegressionGate.EXIT_REGRESSION;
  }
}
