package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Max sustainable rate under the SLO: goodput in DistServe's sense, the highest arrival rate at
 * which the service still meets its latency and error targets.
 *
 * <p>Algorithm overview: a step passes when its p95 TTFT ≤ the TTFT limit, its p95 gap ≤ the gap
 * limit and its error rate ≤ the error limit (a step with no successful request fails). Walking the
 * steps in order, the last step of the passing run from the start is L and the next step F fails.
 * For each limit F breaks, the rate where the metric crosses the limit is interpolated linearly
 * between (rate L, metric L) and (rate F, metric F); the smallest such rate is the max sustainable
 * rate. When every step passes the last step's rate is reported as a lower bound; when the first
 * step fails there is none.
 *
 * <p>Assumptions: latency percentiles and error rate grow monotonically with load between two
 * adjacent steps (interpolation, as vLLM's {@code bench sweep serve_sla} does).
 *
 * <p>Parameters with defaults: the limits of {@link CapacityOptions} (p95 TTFT 2000 ms, p95 gap
 * 1000 ms, errors 1 %). Example: L = 8 rps with p95 TTFT 1500 ms, F = 10 rps with 2500 ms, limit
 * 2000 ms → 9 rps.
 */
public final class SloEvaluator {
  private SloEvaluator() {}

  static SloVerdict evaluate(List<StepStats> steps, CapacityOptions options) {
    StepStats lastPassing = null;
    StepStats firstFailing = null;
    for (StepStats step : steps) {
      if (step.rate() == null) {
        continue;
      }
      if (violations(step, options).isEmpty()) {
        lastPassing = step;
      } else {
        firstFailing = step;
        break;
      }
    }
    double ttftLimit = options.sloTtftP95Millis();
    double gapLimit = options.sloGapP95Millis();
    double errorLimit = options.sloErrorRatePercent();
    if (firstFailing == null) {
      return new SloVerdict(
          ttftLimit,
          gapLimit,
          errorLimit,
          lastPassing == null ? null : lastPassing.rate(),
          lastPassing != null,
          lastPassing == null ? null : lastPassing.step(),
          null,
          null);
    }
    List<String> broken = violations(firstFailing, options);
    if (lastPassing == null) {
      return new SloVerdict(
          ttftLimit, gapLimit, errorLimit, null, false, null, firstFailing.step(), broken.get(0));
    }
    double best = firstFailing.rate();
    String limiting = broken.get(0);
    for (String metric : broken) {
      Double passValue = metric(lastPassing, metric);
      Double failValue = metric(firstFailing, metric);
      double limit = limit(metric, options);
      double crossing;
      if (passValue == null || failValue == null || failValue <= passValue) {
        crossing = lastPassing.rate();
      } else {
        double fraction = (limit - passValue) / (failValue - passValue);
        crossing = lastPassing.rate() + fraction * (firstFailing.rate() - lastPassing.rate());
      }
      if (crossing < best) {
        best = crossing;
        limiting = metric;
      }
    }
    return new SloVerdict(
        ttftLimit,
        gapLimit,
        errorLimit,
        best,
        false,
        lastPassing.step(),
        firstFailing.step(),
        limiting);
  }

  /** Names of the limits {@code step} breaks, in the order ttft_p95, gap_p95, error_rate. */
  static List<String> violations(StepStats step, CapacityOptions options) {
    List<String> broken = new ArrayList<>();
    for (String metric : List.of("ttft_p95", "gap_p95", "error_rate")) {
      Double value = metric(step, metric);
      if (value == null || value > limit(metric, options)) {
        broken.add(metric);
      }
    }
    return broken;
  }

  private static Double metric(StepStats step, String metric) {
    return switch (metric) {
      case "ttft_p95" -> step.ttft() == null ? null : step.ttft().p95Millis();
      case "gap_p95" -> step.gap() == null ? null : step.gap().p95Millis();
      case "error_rate" -> step.errorRatePercent();
      default -> throw new IllegalArgumentException(metric);
    };
  }

  private static double limit(String metric, CapacityOptions options) {
    return switch (metric) {
      case "ttft_p95" -> options.sloTtftP95Millis();
      case "gap_p95" -> options.sloGapP95Millis();
      case "error_rate" -> options.sloErrorRatePercent();
      default -> throw new IllegalArgumentException(metric);
    };
  }
}
