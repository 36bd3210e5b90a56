package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The SLO's limits on the first token of a kind: the first visible answer token ({@code
 * ttfvt_p95}), the first reasoning token ({@code ttfr_p95}) and the first tool call ({@code
 * ttftc_p95}). Apart from {@link SloEvaluator}'s TTFT, gap and error limits because a kind may not
 * occur in a step at all (a chat turn without tools has no tool call): such a step is not judged on
 * that kind, rather than failing for a figure it could never have.
 */
public final class KindLimits {
  /** The per-kind metric names, in the order the verdicts list them. */
  public static final List<String> METRICS = List.of("ttfvt_p95", "ttfr_p95", "ttftc_p95");

  private KindLimits() {}

  /** The kind metrics {@code step} breaks: limit given, kind seen, p95 above the limit. */
  static List<String> broken(StepStats step, Slo slo) {
    List<String> broken = new ArrayList<>();
    for (String metric : METRICS) {
      Optional<Double> limit = limitOf(metric, slo);
      Double value = value(step, metric);
      if (limit.isPresent() && value != null && value > limit.get()) {
        broken.add(metric);
      }
    }
    return broken;
  }

  /**
   * The kind metrics with a limit that {@code step} is not judged on because none of its successful
   * requests produced that kind (e.g. {@code ttftc_p95} in a step without tool calls).
   */
  public static List<String> unjudged(StepStats step, Slo slo) {
    return METRICS.stream()
        .filter(m -> limitOf(m, slo).isPresent() && value(step, m) == null)
        .toList();
  }

  /** True for {@code ttfvt_p95}, {@code ttfr_p95} and {@code ttftc_p95}. */
  public static boolean isKindMetric(String metric) {
    return METRICS.contains(metric);
  }

  /** The step's p95 of the kind {@code metric} names, ms; null when the kind did not occur. */
  public static Double p95Millis(StepStats step, String metric) {
    return value(step, metric);
  }

  static Double value(StepStats step, String metric) {
    LatencySummary summary = summary(metric).apply(step.firstTokens());
    return summary == null ? null : summary.p95Millis();
  }

  /** The limit on {@code metric}, ms; {@link Slo#NO_LIMIT} when none. */
  public static double limit(String metric, Slo slo) {
    return limitOf(metric, slo).orElse(Slo.NO_LIMIT);
  }

  private static Optional<Double> limitOf(String metric, Slo slo) {
    return switch (metric) {
      case "ttfvt_p95" -> slo.ttfvtP95Millis();
      case "ttfr_p95" -> slo.ttfrP95Millis();
      case "ttftc_p95" -> slo.ttftcP95Millis();
      default -> throw new IllegalArgumentException(metric);
    };
  }

  private static Function<FirstTokens, LatencySummary> summary(String metric) {
    return switch (metric) {
      case "ttfvt_p95" -> FirstTokens::ttfvt;
      case "ttfr_p95" -> FirstTokens::ttfr;
      case "ttftc_p95" -> FirstTokens::ttftc;
      default -> throw new IllegalArgumentException(metric);
    };
  }
}
