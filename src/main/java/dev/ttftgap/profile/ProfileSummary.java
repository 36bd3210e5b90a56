package dev.ttftgap.profile;

import dev.ttftgap.analysis.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The one console line that says what a profile will offer, e.g. {@code rising-rate: open uniform,
 * warm-up 1 rps × 5 s, steps 1, 2, 4, 6, 8, 10 rps × 20 s, 125 s in all; SLO p95 TTFT ≤ 3000 ms,
 * p95 gap ≤ 2500 ms, errors ≤ 1 % asserted up to 2 rps}. A launch spike reads {@code burst 5.5 →
 * 11.5 → 5.5 rps (60 s, 30 s, 150 s)}, a replay {@code trace arrivals-sample.txt (300 arrivals, ×
 * 2, 10 windows of 15 s)}, and request classes follow the SLO: {@code classes chat 80 % (p95 TTFT ≤
 * 1000 ms), rag 20 % (p95 TTFT ≤ 5000 ms)}.
 */
final class ProfileSummary {
  private ProfileSummary() {}

  static String of(LoadProfile profile) {
    Load load = profile.load();
    String unit = load.levelUnit();
    StringBuilder line = new StringBuilder(profile.name()).append(": ");
    line.append(load.open() ? "open " : "closed");
    load.arrivals().ifPresent(arrivals -> line.append(arrivals.name().toLowerCase(Locale.ROOT)));
    load.warmup()
        .ifPresent(
            warmup ->
                line.append(", warm-up ")
                    .append(StepSchedule.formatLevel(warmup.level()))
                    .append(' ')
                    .append(unit)
                    .append(" × ")
                    .append(warmup.durationSeconds())
                    .append(" s"));
    if (load.autoStairs().isPresent()) {
      line.append(", auto stairs at ")
          .append(levels(load))
          .append(" × the burst estimate, each at least ")
          .append(load.stepDurationSeconds())
          .append(" s, after a single-user phase and a burst");
    } else {
      line.append(", ").append(stairs(load));
      line.append(", ")
          .append(StepSchedule.formatLevel(profile.schedule().totalDurationMillis() / 1000.0))
          .append(" s in all");
    }
    profile.slo().ifPresent(objective -> line.append("; SLO ").append(sloText(objective, unit)));
    if (profile.hasClasses()) {
      line.append("; classes ")
          .append(
              profile.classes().stream()
                  .map(ProfileSummary::classText)
                  .collect(Collectors.joining(", ")));
    }
    return line.toString();
  }

  /** The steps' part: plain stairs, a burst or a trace. */
  private static String stairs(Load load) {
    if (load.burst().isPresent()) {
      Burst burst = load.burst().get();
      String base = StepSchedule.formatLevel(burst.baseRate());
      return "burst "
          + base
          + " → "
          + StepSchedule.formatLevel(burst.rate())
          + " → "
          + base
          + " rps ("
          + burst.beforeSeconds()
          + " s, "
          + burst.burstSeconds()
          + " s, "
          + burst.afterSeconds()
          + " s; recovery judged in "
          + burst.windowSeconds()
          + " s windows)";
    }
    if (load.trace().isPresent()) {
      Trace trace = load.trace().get();
      return "trace "
          + trace.file().getFileName()
          + " ("
          + trace.offsetsMillis().size()
          + " arrivals, × "
          + StepSchedule.formatLevel(trace.speedup())
          + ", "
          + load.steps().size()
          + " windows of "
          + trace.windowSeconds()
          + " s, peak "
          + StepSchedule.formatLevel(
              Math.round(
                      load.steps().stream().mapToDouble(Double::doubleValue).max().orElse(0) * 100)
                  / 100.0)
          + " rps)";
    }
    String text =
        "steps "
            + levels(load)
            + ' '
            + load.levelUnit()
            + " × "
            + load.stepDurationSeconds()
            + " s";
    return load.rampSeconds() > 0 ? text + " after " + load.rampSeconds() + " s ramps" : text;
  }

  private static String levels(Load load) {
    return load.steps().stream().map(StepSchedule::formatLevel).collect(Collectors.joining(", "));
  }

  private static String classText(RequestClass requestClass) {
    String share = StepSchedule.formatLevel(Math.round(requestClass.share() * 1000) / 10.0);
    return requestClass.name()
        + " "
        + share
        + " %"
        + requestClass.slo().map(slo -> " (" + limits(slo) + ")").orElse("");
  }

  private static String sloText(Slo slo, String unit) {
    return limits(slo)
        + slo.assertUpToLevel()
            .map(level -> " asserted up to " + StepSchedule.formatLevel(level) + " " + unit)
            .orElse(" (not asserted)");
  }

  private static String limits(Slo slo) {
    List<String> limits = new ArrayList<>();
    slo.ttftP95Millis()
        .ifPresent(ms -> limits.add("p95 TTFT ≤ " + StepSchedule.formatLevel(ms) + " ms"));
    slo.gapP95Millis()
        .ifPresent(ms -> limits.add("p95 gap ≤ " + StepSchedule.formatLevel(ms) + " ms"));
    slo.errorRatePercent()
        .ifPresent(pct -> limits.add("errors ≤ " + StepSchedule.formatLevel(pct) + " %"));
    return String.join(", ", limits);
  }
}
