package dev.ttftgap.report;

import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.Slo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link CapacityMain}'s command line, parsed: the inputs, where to write, whether to replace a
 * run's own report, and the options given. Options not given stay empty so that the run's stored
 * settings ({@link RunJson}) decide them: an SLO limit nobody gave is not applied.
 *
 * @param inputs records files or run folders
 * @param out {@code --out DIR}; empty: the first input's folder
 * @param overwrite {@code --overwrite}: replace the {@code capacity.*} files already there
 * @param failOnRegression {@code --fail-on-regression}: exit {@value
 *     RegressionGate#EXIT_REGRESSION} when the baseline comparison finds an SLO regression ({@link
 *     RegressionGate})
 * @param help {@code --help} or {@code -h}: print the usage and exit 0
 * @param slo the limits given: {@code --slo-ttft-p95-ms}, {@code --slo-gap-p95-ms}, {@code
 *     --slo-error-pct}, and per first-token kind {@code --slo-ttfvt-p95-ms}, {@code
 *     --slo-ttfr-p95-ms}, {@code --slo-ttftc-p95-ms}
 * @param peakRate {@code --peak-rate}
 * @param baseline {@code --baseline}
 * @param knownSaturationRate {@code --known-saturation-rate}
 * @param recoveryWindowSeconds {@code --recovery-window-s}: judge a launch spike's recovery in
 *     windows of this many seconds instead of the run's own
 */
record CapacityArguments(
    List<Path> inputs,
    Optional<Path> out,
    boolean overwrite,
    boolean failOnRegression,
    boolean help,
    Slo slo,
    Optional<Double> peakRate,
    Optional<Path> baseline,
    Optional<Double> knownSaturationRate,
    Optional<Integer> recoveryWindowSeconds) {

  static final String USAGE =
      "usage: CapacityMain RECORDS_FILE_OR_RUN_FOLDER... [--out DIR] [--overwrite]"
          + " [--peak-rate RPS] [--baseline capacity.json] [--fail-on-regression]"
          + " [--slo-ttft-p95-ms MS] [--slo-gap-p95-ms MS] [--slo-error-pct PCT]"
          + " [--slo-ttfvt-p95-ms MS] [--slo-ttfr-p95-ms MS] [--slo-ttftc-p95-ms MS]"
          + " [--known-saturation-rate RPS] [--recovery-window-s S] [--help]";

  /** The usage with what each option does, for {@code --help}. */
  static final String HELP =
      USAGE
          + "\n\nRegenerates capacity.html/.json/.md from a run's records (several inputs are"
          + " merged as one set of samples).\n"
          + "The SLO, peak rate and analytic capacity come from the run's run.json (what the run"
          + " was asked); an option given here replaces the stored value. A limit given by"
          + " neither is not applied.\n\n"
          + "  --out DIR                 where to write (default: the first input's folder)\n"
          + "  --overwrite               replace capacity.* files already there (default: write"
          + " a new folder capacity-<time> inside it, and say where)\n"
          + "  --peak-rate RPS           plan replicas for this peak arrival rate\n"
          + "  --baseline FILE           compare step by step with a previous capacity.json\n"
          + "  --fail-on-regression      exit "
          + RegressionGate.EXIT_REGRESSION
          + " when the max sustainable rate fell more than 10 % below the baseline's, or TTFB"
          + " or the gap regressed at a step the baseline sustained (needs --baseline or a"
          + " stored one)\n"
          + "  --slo-ttft-p95-ms MS      SLO limit on each step's p95 TTFT\n"
          + "  --slo-gap-p95-ms MS       SLO limit on each step's p95 gap (TTFT - TTFB)\n"
          + "  --slo-error-pct PCT       SLO limit on each step's failed requests, percent\n"
          + "  --slo-ttfvt-p95-ms MS     SLO limit on each step's p95 time to the first visible"
          + " answer token (a step without one is not judged on it)\n"
          + "  --slo-ttfr-p95-ms MS      SLO limit on each step's p95 time to the first reasoning"
          + " token\n"
          + "  --slo-ttftc-p95-ms MS     SLO limit on each step's p95 time to the first tool call\n"
          + "  --known-saturation-rate R the engine's analytic capacity, shown beside the measured"
          + " one\n"
          + "  --recovery-window-s S     judge a launch spike's recovery in S-second windows (the"
          + " run's own window by default)\n"
          + "  --help, -h                this text\n\n"
          + "Exit status: 0 done, 2 bad input (one line naming it), "
          + RegressionGate.EXIT_REGRESSION
          + " regression found with --fail-on-regression.";

  /** Parses {@code args}; throws {@link IllegalArgumentException} with one line on bad input. */
  static CapacityArguments parse(String[] args) {
    List<Path> inputs = new ArrayList<>();
    Optional<Path> out = Optional.empty();
    boolean overwrite = false;
    boolean failOnRegression = false;
    Optional<Double> ttft = Optional.empty();
    Optional<Double> gap = Optional.empty();
    Optional<Double> errors = Optional.empty();
    Optional<Double> ttfvt = Optional.empty();
    Optional<Double> ttfr = Optional.empty();
    Optional<Double> ttftc = Optional.empty();
    Optional<Double> peak = Optional.empty();
    Optional<Path> baseline = Optional.empty();
    Optional<Double> known = Optional.empty();
    Optional<Integer> window = Optional.empty();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--help", "-h" -> {
          return new CapacityArguments(
              List.of(), out, false, false, true, Slo.NONE, peak, baseline, known, window);
        }
        case "--overwrite" -> {
          overwrite = true;
          continue;
        }
        case "--fail-on-regression" -> {
          failOnRegression = true;
          continue;
        }
        default -> {
          if (!arg.startsWith("--")) {
            inputs.add(Path.of(arg));
            continue;
          }
        }
      }
      if (!isValued(arg)) {
        throw new IllegalArgumentException("unknown option " + arg + "; " + USAGE);
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(arg + " needs a value; " + USAGE);
      }
      String value = args[++i];
      switch (arg) {
        case "--out" -> out = Optional.of(Path.of(value));
        case "--peak-rate" -> peak = Optional.of(number(arg, value));
        case "--baseline" -> baseline = Optional.of(existing(arg, Path.of(value)));
        case "--slo-ttft-p95-ms" -> ttft = Optional.of(number(arg, value));
        case "--slo-gap-p95-ms" -> gap = Optional.of(number(arg, value));
        case "--slo-error-pct" -> errors = Optional.of(number(arg, value));
        case "--slo-ttfvt-p95-ms" -> ttfvt = Optional.of(number(arg, value));
        case "--slo-ttfr-p95-ms" -> ttfr = Optional.of(number(arg, value));
        case "--slo-ttftc-p95-ms" -> ttftc = Optional.of(number(arg, value));
        case "--recovery-window-s" -> window = Optional.of(seconds(arg, value));
        default -> known = Optional.of(number(arg, value));
      }
    }
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("no records given; " + USAGE);
    }
    return new CapacityArguments(
        inputs,
        out,
        overwrite,
        failOnRegression,
        false,
        Slo.limits(ttft, gap, errors).withKindLimits(ttfvt, ttfr, ttftc),
        peak,
        baseline,
        known,
        window);
  }

  /**
   * The options to analyse with: each one given on the command line, else the value stored in the
   * run ({@code stored}; empty for records without {@code run.json}), else none.
   */
  CapacityOptions options(Optional<CapacityOptions> stored) {
    CapacityOptions base = stored.orElse(CapacityOptions.none());
    return new CapacityOptions(
        slo.or(base.slo()),
        peakRate.or(base::peakRate),
        baseline.or(base::baseline),
        knownSaturationRate.or(base::knownSaturationRate),
        base.ttftKind(),
        base.classes(),
        burst(base));
  }

  /** The run's stored burst, judged in {@code --recovery-window-s} windows when given. */
  private Optional<BurstPlan> burst(CapacityOptions base) {
    if (recoveryWindowSeconds.isEmpty()) {
      return base.burst();
    }
    BurstPlan plan =
        base.burst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "--recovery-window-s: this run had no launch spike (no burst in its"
                            + " run.json)"));
    return Optional.of(
        new BurstPlan(
            plan.baseRate(), plan.burstRate(), plan.burstSeconds(), recoveryWindowSeconds.get()));
  }

  /** The folder the inputs' report would go to: {@code --out}, else the first input's folder. */
  Path target() {
    if (out.isPresent()) {
      return out.get();
    }
    Path first = inputs.get(0).toAbsolutePath();
    return Files.isDirectory(first) ? first : first.getParent();
  }

  private static boolean isValued(String option) {
    return List.of(
            "--out",
            "--peak-rate",
            "--baseline",
            "--slo-ttft-p95-ms",
            "--slo-gap-p95-ms",
            "--slo-error-pct",
            "--slo-ttfvt-p95-ms",
            "--slo-ttfr-p95-ms",
            "--slo-ttftc-p95-ms",
            "--known-saturation-rate",
            "--recovery-window-s")
        .contains(option);
  }

  private static int seconds(String option, String value) {
    try {
      int seconds = Integer.parseInt(value);
      if (seconds > 0) {
        return seconds;
      }
    } catch (NumberFormatException e) {
      // said below, as for a value out of range
    }
    throw new IllegalArgumentException(
        option + " must be a whole number of seconds above 0, got \"" + value + "\"");
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
