package dev.ttftgap.report;

import dev.ttftgap.health.LoadGeneratorHealth;
import dev.ttftgap.health.LoadGeneratorStep;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What the load generator says about itself, per run and per step: whether it kept up, and where it
 * did not, how much it may have added. Shared by every renderer.
 */
final class LoadGeneratorSentences {
  private LoadGeneratorSentences() {}

  /**
   * The run's verdict, e.g. "The load generator kept up at every step (event-loop delay p99 0.4 ms,
   * stamp delay p99 0 ms, injection lag p99 1.0 ms, CPU 23 %, at worst): the latencies are the
   * server's." or one that names the steps it cannot vouch for; null when the run has no health
   * file.
   */
  public static String verdict(LoadGeneratorHealth health) {
    if (health == null) {
      return null;
    }
    List<LoadGeneratorStep> flagged =
        health.steps().stream().filter(LoadGeneratorStep::unvouched).toList();
    if (flagged.isEmpty()) {
      if (health.steps().stream().allMatch(s -> s.vouched() == null)) {
        return "The load generator measured nothing about itself (no probe tick, no start): it"
            + " cannot vouch for any step.";
      }
      return "The load generator kept up at every step ("
          + worst(health.steps())
          + ", at worst): the latencies are the server's.";
    }
    List<String> flags = new ArrayList<>();
    List<LoadGeneratorStep> stalled =
        flagged.stream().filter(LoadGeneratorSentences::stamps).toList();
    for (LoadGeneratorStep step : flagged) {
      if (!stamps(step) || stalled.size() == 1) {
        flags.add(stepFlag(step));
      }
    }
    if (stalled.size() > 1) {
      flags.add(stampFlag(stalled));
    }
    List<Integer> leftOut = health.leftOutOfSloSteps();
    List<Integer> kept =
        flagged.stream().map(LoadGeneratorStep::step).filter(s -> !leftOut.contains(s)).toList();
    StringBuilder text = new StringBuilder(capitalized(String.join("; ", flags))).append('.');
    if (!leftOut.isEmpty()) {
      text.append(" The SLO verdict leaves out ")
          .append(stepList(leftOut))
          .append(" (the load generator's delay reached a tenth of the tightest limit, ")
          .append(Fmt.ms(health.sloLimitMillis()))
          .append(").");
    }
    if (!kept.isEmpty()) {
      text.append(" The SLO verdict still uses ")
          .append(stepList(kept))
          .append(": ")
          .append(
              Double.isFinite(health.sloLimitMillis())
                  ? "there the delay stayed under a tenth of the tightest limit, "
                      + Fmt.ms(health.sloLimitMillis())
                  : "the SLO limits no latency")
          .append('.');
    }
    return text.toString();
  }

  /** "step 3" or "steps 2, 4". */
  static String stepList(List<Integer> steps) {
    return (steps.size() > 1 ? "steps " : "step ")
        + steps.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  /**
   * One step's flag: "kept up (event-loop delay p99 0.4 ms, injection lag p99 1.0 ms, CPU 23 %)",
   * or "at step 6 the load generator added up to 31 ms (event-loop delay p99): its TTFT p99 is not
   * the server's", or "at step 1 the load generator's own stalls may have added up to 4.7 ms to its
   * TTFB and TTFT p99 (stamp delay p99, CPU 8.9 %)"; null when nothing was measured in the step.
   */
  public static String stepFlag(LoadGeneratorStep step) {
    if (step == null || step.vouched() == null) {
      return null;
    }
    if (step.vouched()) {
      return "kept up (" + figures(step) + ")";
    }
    boolean loop =
        step.eventLoopDelayP99Millis() != null
            && step.reason() != null
            && step.reason().startsWith("event-loop");
    if (loop) {
      return "at step %s the load generator added up to %s (event-loop delay p99%s): its TTFT p99 is not the server's"
          .formatted(step.step(), Fmt.ms(step.eventLoopDelayP99Millis()), cpu(step));
    }
    if (stamps(step)) {
      return stampFlag(List.of(step));
    }
    return "at step %s the load generator started requests up to %s late (injection lag p99%s): it offered less than the step's load"
        .formatted(step.step(), Fmt.ms(step.injectionLagP99Millis()), cpu(step));
  }

  /** Whether {@code step} is flagged for its stamp delay (its loops' p99 was within the limit). */
  private static boolean stamps(LoadGeneratorStep step) {
    return step.stampDelayP99Millis() != null
        && step.reason() != null
        && step.reason().startsWith("stamp");
  }

  /**
   * One sentence for the steps flagged for their stamp delay: "at steps 1, 2 the load generator's
   * own stalls may have added up to 3.0–4.7 ms to the TTFB and TTFT p99 (stamp delay p99, CPU
   * 6.2–8.9 %)". A few milliseconds on a TTFT of seconds: said once, with the range.
   */
  private static String stampFlag(List<LoadGeneratorStep> steps) {
    String cpu = range(steps, LoadGeneratorStep::cpuSharePercent, Fmt::pct);
    return "at %s the load generator's own stalls may have added up to %s to %s TTFB and TTFT p99 (stamp delay p99%s)"
        .formatted(
            stepList(steps.stream().map(LoadGeneratorStep::step).toList()),
            range(steps, LoadGeneratorStep::stampDelayP99Millis, Fmt::ms),
            steps.size() > 1 ? "their" : "its",
            cpu == null ? "" : ", CPU " + cpu);
  }

  /**
   * "3.0–4.7 ms" (the smallest and largest of {@code field} over {@code steps}), one value when
   * equal; null when none.
   */
  private static String range(
      List<LoadGeneratorStep> steps,
      java.util.function.Function<LoadGeneratorStep, Double> field,
      java.util.function.Function<Double, String> format) {
    List<Double> values = steps.stream().map(field).filter(Objects::nonNull).sorted().toList();
    if (values.isEmpty()) {
      return null;
    }
    String low = format.apply(values.get(0));
    String high = format.apply(values.get(values.size() - 1));
    if (low.equals(high)) {
      return high;
    }
    String unit = high.substring(high.lastIndexOf(' ') + 1);
    return (low.endsWith(" " + unit) ? low.substring(0, low.length() - unit.length() - 1) : low)
        + "–"
        + high;
  }

  private static String figures(LoadGeneratorStep step) {
    List<String> parts = new ArrayList<>();
    parts.add("event-loop delay p99 " + Fmt.ms(step.eventLoopDelayP99Millis()));
    if (step.stampDelayP99Millis() != null) {
      parts.add("stamp delay p99 " + Fmt.ms(step.stampDelayP99Millis()));
    }
    if (step.injectionLagP99Millis() != null) {
      parts.add("injection lag p99 " + Fmt.ms(step.injectionLagP99Millis()));
    }
    if (step.cpuSharePercent() != null) {
      parts.add("CPU " + Fmt.pct(step.cpuSharePercent()));
    }
    return String.join(", ", parts);
  }

  private static String cpu(LoadGeneratorStep step) {
    return step.cpuSharePercent() == null ? "" : ", CPU " + Fmt.pct(step.cpuSharePercent());
  }

  /** The worst figure of each kind over the steps, as {@link #figures} writes them. */
  private static String worst(List<LoadGeneratorStep> steps) {
    return figures(
        new LoadGeneratorStep(
            null,
            0,
            null,
            max(steps, LoadGeneratorStep::eventLoopDelayP99Millis),
            null,
            max(steps, LoadGeneratorStep::stampDelayP99Millis),
            max(steps, LoadGeneratorStep::injectionLagP99Millis),
            null,
            null,
            max(steps, LoadGeneratorStep::cpuSharePercent),
            0,
            0,
            null,
            null,
            true,
            null));
  }

  private static Double max(
      List<LoadGeneratorStep> steps, java.util.function.Function<LoadGeneratorStep, Double> field) {
    return steps.stream()
        .map(field)
        .filter(Objects::nonNull)
        .max(Comparator.naturalOrder())
        .orElse(null);
  }

  private static String capitalized(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}
