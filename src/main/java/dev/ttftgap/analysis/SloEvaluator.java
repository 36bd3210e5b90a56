package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Max sustainable load under the SLO: goodput in DistServe's sense, the highest load at which the
 * service still meets its latency and error targets. The load is the arrival rate in an open run
 * and the concurrency (users) in a closed run ({@link LoadModel}).
 *
 * <p>Algorithm overview: a step passes when its p95 TTFT ≤ the TTFT limit, its p95 gap ≤ the gap
 * limit and its error rate ≤ the error limit (a step with no successful request fails). Walking the
 * steps in order, the last step of the passing run from the start is L and the next step F fails.
 * For each limit F breaks, the load where the metric crosses the limit is interpolated linearly
 * between (load L, metric L) and (load F, metric F); the smallest such load is the max sustainable
 * one. When every step passes the last step's load is reported as a lower bound; when the first
 * step fails there is none. In a closed run the crossing is rounded down to a whole number of
 * streams (rounding up could break the SLO), and the throughput there is interpolated linearly
 * between L's and F's achieved rates (L's own when every step passed).
 *
 * <p>Assumptions: latency percentiles and error rate grow monotonically with load between two
 * adjacent steps (interpolation, as vLLM's {@code bench sweep serve_sla} does). In a closed run
 * with zero think time this holds better than in an open one: once the server's slots are full,
 * each added stream waits for one more completion, so the response time grows linearly with the
 * concurrency (R = N / X by Little's law) and the linear interpolation is close to exact, where an
 * open queue's latency grows hyperbolically with the rate.
 *
 * <p>Parameters with defaults: the limits of {@link CapacityOptions} (p95 TTFT 2000 ms, p95 gap
 * 1000 ms, errors 1 %). Examples: open, L = 8 rps with p95 TTFT 1500 ms, F = 10 rps with 2500 ms,
 * limit 2000 ms → 9 rps. Closed, L = 16 users with p95 gap 1086 ms at 7.99 req/s, F = 32 users with
 * 3115 ms at 7.87 req/s, limit 2500 ms → crossing 27.2 → 27 streams at 7.91 req/s.
 */
public final class SloEvaluator {
  private SloEvaluator() {}

  static SloVerdict evaluate(List<StepStats> steps, CapacityOptions options) {
    boolean closed = LoadModel.of(steps) == LoadModel.CLOSED;
    Function<StepStats, Double> load =
        closed
            ? s -> s.concurrency() == null ? null : s.concurrency().doubleValue()
            : StepStats::rate;
    StepStats lastPassing = null;
    StepStats firstFailing = null;
    for (StepStats step : steps) {
      if (load.apply(step) == null) {
        continue;
      }
      if (violations(step, options).isEmpty()) {
        lastPassing = step;
      } else {
        firstFailing = step;
        break;
      }
    }
    if (firstFailing == null) {
      Double best = lastPassing == null ? null : load.apply(lastPassing);
      return verdict(
          options,
          closed,
          best,
          lastPassing != null,
          lastPassing,
          null,
          null,
          lastPassing == null ? null : lastPassing.achievedRate());
    }
    List<String> broken = violations(firstFailing, options);
    if (lastPassing == null) {
      return verdict(options, closed, null, false, null, firstFailing, broken.get(0), null);
    }
    double passLoad = load.apply(lastPassing);
    double failLoad = load.apply(firstFailing);
    double best = failLoad;
    String limiting = broken.get(0);
    for (String metric : broken) {
      Double passValue = metric(lastPassing, metric);
      Double failValue = metric(firstFailing, metric);
      double limit = limit(metric, options);
      double crossing;
      if (passValue == null || failValue == null || failValue <= passValue) {
        crossing = passLoad;
      } else {
        double fraction = (limit - passValue) / (failValue - passValue);
        crossing = passLoad + fraction * (failLoad - passLoad);
      }
      if (crossing < best) {
        best = crossing;
        limiting = metric;
      }
    }
    Double throughput = null;
    if (closed) {
      best = Math.max(passLoad, Math.floor(best + 1e-9));
      Double passRate = lastPassing.achievedRate();
      Double failRate = firstFailing.achievedRate();
      throughput =
          passRate == null || failRate == null || failLoad <= passLoad
              ? passRate
              : passRate + (best - passLoad) / (failLoad - passLoad) * (failRate - passRate);
    }
    return verdict(options, closed, best, false, lastPassing, firstFailing, limiting, throughput);
  }

  private static SloVerdict verdict(
      CapacityOptions options,
      boolean closed,
      Double best,
      boolean lowerBound,
      StepStats lastPassing,
      StepStats firstFailing,
      String limiting,
      Double throughput) {
    return new SloVerdict(
        options.sloTtftP95Millis(),
        options.sloGapP95Millis(),
        options.sloErrorRatePercent(),
        closed ? null : best,
        lowerBound,
        lastPassing == null ? null : lastPassing.step(),
        firstFailing == null ? null : firstFailing.step(),
        limiting,
        closed && best != null ? (int) Math.round(best) : null,
        closed && best != null ? throughput : null);
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
