package dev.ttftgap.report;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.merge.RunParts;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Regenerates the capacity report from records files:
 *
 * <pre>
 * mvn -q exec:java -Dexec.mainClass=dev.ttftgap.report.CapacityMain -Dexec.args="reports/RUN"
 * </pre>
 *
 * <p>Arguments: one or more records files or run folders (merged as one set of samples), then
 * options {@code --out DIR} (default: the first input's folder), {@code --peak-rate R} (rps),
 * {@code --baseline capacity.json}, {@code --slo-ttft-p95-ms}, {@code --slo-gap-p95-ms}, {@code
 * --slo-error-pct}, {@code --known-saturation-rate R}. Prints the console summary, writes the three
 * files, appends the Markdown to {@code $GITHUB_STEP_SUMMARY} when set. Exit status 2 with a
 * one-line message on bad input.
 *
 * <p>Given the run folders of a split run's parts ({@code -Dinjector=I/N}), it checks that they are
 * all the parts of one run ({@link RunParts}: a missing or foreign part is refused with one line)
 * and merges them ({@link MergedReports}); the report then goes to {@code RUNID-merged} beside the
 * first part unless {@code --out} names another folder.
 */
public final class CapacityMain {
  static final String USAGE =
      "usage: CapacityMain RECORDS_FILE_OR_RUN_FOLDER... [--out DIR] [--peak-rate RPS]"
          + " [--baseline capacity.json] [--slo-ttft-p95-ms MS] [--slo-gap-p95-ms MS]"
          + " [--slo-error-pct PCT] [--known-saturation-rate RPS]";

  private CapacityMain() {}

  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** Runs the command; returns the exit status (0 ok, 2 bad input). */
  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      Arguments arguments = Arguments.parse(args);
      // the parts of a split run (-Dinjector=I/N) are checked and merged; anything else as before
      Optional<RunParts> parts = RunParts.detect(arguments.inputs);
      Path outDir = parts.map(p -> p.outDir(arguments.outDir)).orElse(arguments.outDir);
      CapacityReport report =
          parts.isPresent()
              ? MergedReports.writeAll(parts.get(), outDir, arguments.options)
              : CapacityReports.writeAll(arguments.inputs, outDir, arguments.options);
      out.print(CapacityConsole.render(report));
      out.println("capacity report: " + outDir.resolve(CapacityReports.HTML_FILE));
      CapacityMarkdown.appendToStepSummary(report);
      return 0;
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
  }

  /** Parsed command line. */
  record Arguments(List<Path> inputs, Path outDir, CapacityOptions options) {
    static Arguments parse(String[] args) {
      List<Path> inputs = new ArrayList<>();
      Path out = null;
      double ttft = CapacityOptions.DEFAULT_SLO_TTFT_P95_MILLIS;
      double gap = CapacityOptions.DEFAULT_SLO_GAP_P95_MILLIS;
      double errors = CapacityOptions.DEFAULT_SLO_ERROR_RATE_PERCENT;
      Optional<Double> peak = Optional.empty();
      Optional<Path> baseline = Optional.empty();
      Optional<Double> known = Optional.empty();
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        if (!arg.startsWith("--")) {
          inputs.add(Path.of(arg));
          continue;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(arg + " needs a value; " + USAGE);
        }
        String value = args[++i];
        switch (arg) {
          case "--out" -> out = Path.of(value);
          case "--peak-rate" -> peak = Optional.of(number(arg, value));
          case "--baseline" -> baseline = Optional.of(existing(arg, Path.of(value)));
          case "--slo-ttft-p95-ms" -> ttft = number(arg, value);
          case "--slo-gap-p95-ms" -> gap = number(arg, value);
          case "--slo-error-pct" -> errors = number(arg, value);
          case "--known-saturation-rate" -> known = Optional.of(number(arg, value));
          default -> throw new IllegalArgumentException("unknown option " + arg + "; " + USAGE);
        }
      }
      if (inputs.isEmpty()) {
        throw new IllegalArgumentException("no records given; " + USAGE);
      }
      if (out == null) {
        Path first = inputs.get(0).toAbsolutePath();
        out = Files.isDirectory(first) ? first : first.getParent();
      }
      return new Arguments(
          inputs, out, new CapacityOptions(ttft, gap, errors, peak, baseline, known));
    }

    private static double number(String option, String value) {
      try {
        return Double.parseDouble(value);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(option + " must be a number, got \"" + value + "\"");
      }
    }

    private static Path existing(String option, Path path) {
      if (!Files.isRegularFile(path)) {
        throw new IllegalArgumentException(
            option + ": " + path + " does not exist; pass a previous capacity.json");
      }
      return path;
    }
  }
}
