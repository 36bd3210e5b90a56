package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Max sustainable load under the SLO: goodput in DistServe's sense, the highest load at which the
 * service still meets its latency and error targets. The load is the arrival rate in an open run
 * and the concurrency (users) in a closed run ({@link LoadModel}).
 *
 * <p>Algorithm overview: a step passes when its p95 TTFT ≤ the TTFT limit, its p95 gap ≤ the gap
 * limit and its error rate ≤ the error limit (a step with no successful request fails) <em>and</em>
 * it is steady ({@link SteadyStateDetector}): a step that meets the limits while its queue grows is
 * a transient pass and counts as failing. Walking the steps in order of load, the last step of the
 * passing run from the start is L and the next step F fails.
 *
 * <ul>
 *   <li>F steady and breaking limits: for each limit F breaks, the load where the metric crosses
 *       the limit is interpolated linearly between (load L, metric L) and (load F, metric F); the
 *       smallest such load is the answer.
 *   <li>F not steady: its figures are not steady-state values (held, they would be worse), so
 *       nothing is interpolated towards them. The answer is the fitted queue's highest rate whose
 *       predicted p95 gap and TTFT meet the limits (as {@link ReplicaPlanner} computes it), kept
 *       inside [L, F]; without a model, L itself.
 *   <li>Open model, saturation measured at X: nothing above X is sustainable, and above {@value
 *       #MAX_UTILISATION} × X a queue relaxes so slowly (time ∝ 1/(1 − √ρ)²) that no step of a
 *       staircase shows whether it is steady: the answer is capped there, and the interval's upper
 *       end at X. Holding a rate (a search run) is how to go beyond the cap.
 *   <li>A search run ({@code holdSteps}): the answer is the highest held rate that passed; the
 *       interval runs from it to the lowest rate above it that failed.
 * </ul>
 *
 * <p>When every step passes the last step's load is reported as a lower bound; when the first step
 * fails there is none. In a closed run the crossing is rounded down to a whole number of streams
 * (rounding up could break the SLO), and the throughput there is interpolated linearly between L's
 * and F's achieved rates (L's own when every step passed), never above the plateau.
 *
 * <p>Assumptions: latency percentiles and error rate grow monotonically with load between two
 * adjacent steps (interpolation, as vLLM's {@code bench sweep serve_sla} does). In a closed run
 * with zero think time this holds better than in an open one: once the server's slots are full,
 * each added stream waits for one more completion, so the response time grows linearly with the
 * concurrency (R = N / X by Little's law) and the linear interpolation is close to exact, where an
 * open queue's latency grows hyperbolically with the rate.
 *
 * <p>Parameters with defaults: the limits of {@link CapacityOptions} (p95 TTFT 2000 ms, p95 gap
 * 1000 ms, errors 1 %); the saturation cap {@value #MAX_UTILISATION}. Examples: open, L = 8 rps
 * with p95 TTFT 1500 ms, F = 10 rps with 2500 ms, limit 2000 ms → 9 rps. Closed, L = 16 users with
 * p95 gap 1086 ms at 7.99 req/s, F = 32 users with 3115 ms at 7.87 req/s, limit 2500 ms → crossing
 * 27.2 → 27 streams at 7.91 req/s.
 */
public final class SloEvaluator {
  /** Highest share of the saturation rate a staircase answer may claim. */
  public static final double MAX_UTILISATION = 0.95;

  private SloEvaluator() {}

  /** The verdict without saturation, model or holds (tests of the interpolation alone). */
  static SloVerdict evaluate(List<StepStats> steps, CapacityOptions options) {
    return evaluate(
        steps,
        options,
        Saturation.notReached(null, SaturationDetector.THRESHOLD_RATIO, null),
        null,
        null,
        Set.of());
  }

  static SloVerdict evaluate(
      List<StepStats> steps,
      CapacityOptions options,
      Saturation saturation,
      QueueModel model,
      LowLoadReference baseline,
      Set<Integer> holdSteps) {
    boolean closed = LoadModel.of(steps) == LoadModel.CLOSED;
    Function<StepStats, Double> load =
        closed
            ? s -> s.concurrency() == null ? null : s.concurrency().doubleValue()
            : StepStats::rate;
    List<StepStats> byLoad =
        steps.stream()
            .filter(s -> load.apply(s) != null)
            .sorted(Comparator.comparing(load::apply))
            .toList();
    List<Integer> transients =
        byLoad.stream()
            .filter(s -> s.unsteady() && violations(s, options).isEmpty())
            .map(StepStats::step)
            .sorted()
            .toList();
    Double saturationRate =
        !closed && saturation != null && saturation.reached() ? saturation.saturationRate() : null;
    if (!holdSteps.isEmpty() && !closed) {
      SloVerdict held = HeldRateVerdict.of(byLoad, options, holdSteps, transients, saturationRate);
      if (held != null) {
        return held;
      }
    }
    Walk walk =
        new Walk(options, closed, load, transients, saturation, saturationRate, model, baseline);
    return staircase(byLoad, walk);
  }

  /**
   * What the staircase walk reads besides the steps.
   *
   * @param saturationRate the open run's measured saturation rate; null when not reached or closed
   */
  private record Walk(
      CapacityOptions options,
      boolean closed,
      Function<StepStats, Double> load,
      List<Integer> transients,
      Saturation saturation,
      Double saturationRate,
      QueueModel model,
      LowLoadReference baseline) {}

  /** The verdict of a staircase: the last step L of the passing run and the next step F. */
  private static SloVerdict staircase(List<StepStats> byLoad, Walk walk) {
    StepStats lastPassing = null;
    StepStats firstFailing = null;
    for (StepStats step : byLoad) {
      if (passes(step, walk.options())) {
        lastPassing = step;
      } else {
        firstFailing = step;
        break;
      }
    }
    SloVerdictDraft v = new SloVerdictDraft(walk.options(), walk.closed(), walk.transients());
    if (firstFailing == null) {
      return lastPassing == null ? v.none(null, null) : everyStepPassed(v, lastPassing, walk);
    }
    List<String> broken = broken(firstFailing, walk.options());
    if (lastPassing == null) {
      return v.none(firstFailing, broken.get(0));
    }
    double passLoad = walk.load().apply(lastPassing);
    double failLoad = walk.load().apply(firstFailing);
    v.lastPassing = lastPassing;
    v.firstFailing = firstFailing;
    double best =
        firstFailing.unsteady()
            ? beforeUnsteadyStep(v, broken, passLoad, failLoad, walk)
            : interpolated(v, broken, passLoad, failLoad, walk.options());
    if (walk.closed()) {
      best = Math.max(passLoad, Math.floor(best + 1e-9));
      v.throughput = closedThroughput(lastPassing, firstFailing, best, passLoad, failLoad, walk);
    } else {
      v.rateLow = passLoad;
      v.rateHigh =
          walk.saturationRate() == null ? failLoad : Math.min(failLoad, walk.saturationRate());
    }
    return v.capped(best, walk.saturationRate(), lastPassing);
  }

  /** Every step passed: the last one's load, a lower bound. */
  private static SloVerdict everyStepPassed(SloVerdictDraft v, StepStats lastPassing, Walk walk) {
    double best = walk.load().apply(lastPassing);
    v.lastPassing = lastPassing;
    v.method = SloMethod.LOWER_BOUND;
    v.lowerBound = true;
    v.rateLow = walk.closed() ? null : best;
    v.rateHigh = walk.saturationRate();
    v.throughput = lastPassing.rates().achievedRate();
    return v.capped(best, walk.saturationRate(), lastPassing);
  }

  /** The limits {@code step} breaks, then {@link #STEADY} when it is not steady. */
  static List<String> broken(StepStats step, CapacityOptions options) {
    List<String> broken = new ArrayList<>(violations(step, options));
    if (step.unsteady()) {
      broken.add(STEADY);
    }
    return broken;
  }

  /** F steady: the smallest load where a limit F breaks is crossed. */
  private static double interpolated(
      SloVerdictDraft v,
      List<String> broken,
      double passLoad,
      double failLoad,
      CapacityOptions options) {
    double best = failLoad;
    v.limiting = broken.get(0);
    for (String metric : broken) {
      double crossing =
          crossing(v.lastPassing, v.firstFailing, metric, passLoad, failLoad, options);
      if (crossing < best) {
        best = crossing;
        v.limiting = metric;
      }
    }
    v.method = SloMethod.INTERPOLATED;
    return best;
  }

  /** F not steady: the fitted queue's SLO rate inside [L, F], else L itself. */
  private static double beforeUnsteadyStep(
      SloVerdictDraft v, List<String> broken, double passLoad, double failLoad, Walk walk) {
    v.limiting = broken.get(0);
    double upper =
        walk.saturationRate() == null ? failLoad : Math.min(failLoad, walk.saturationRate());
    Double modelRate =
        walk.closed() || walk.model() == null
            ? null
            : ReplicaPlanner.modelMaxRate(walk.model(), walk.baseline(), walk.options());
    if (modelRate != null) {
      v.method = SloMethod.MODEL;
      return Math.max(passLoad, Math.min(upper, modelRate));
    }
    v.method = SloMethod.LAST_STEADY_STEP;
    return passLoad;
  }

  /**
   * A closed run's throughput at {@code best} streams: interpolated between L's and F's achieved
   * rates, never above the plateau.
   */
  private static Double closedThroughput(
      StepStats pass, StepStats fail, double best, double passLoad, double failLoad, Walk walk) {
    Double passRate = pass.rates().achievedRate();
    Double failRate = fail.rates().achievedRate();
    Double throughput =
        passRate == null || failRate == null || failLoad <= passLoad
            ? passRate
            : passRate + (best - passLoad) / (failLoad - passLoad) * (failRate - passRate);
    Saturation saturation = walk.saturation();
    if (throughput != null && saturation != null && saturation.saturationRate() != null) {
      throughput = Math.min(throughput, saturation.saturationRate());
    }
    return throughput;
  }

  /** Name of the steady-state condition among the limits a step breaks. */
  static final String STEADY = "steady_state";

  /** Whether {@code step} meets every limit and is not found unsteady. */
  public static boolean passes(StepStats step, CapacityOptions options) {
    return violations(step, options).isEmpty() && !step.unsteady();
  }

  private static double crossing(
      StepStats pass,
      StepStats fail,
      String metric,
      double passLoad,
      double failLoad,
      CapacityOptions options) {
    Double passValue = metric(pass, metric);
    Double failValue = metric(fail, metric);
    double limit = limit(metric, options);
    if (passValue == null || failValue == null || failValue <= passValue) {
      return passLoad;
    }
    double fraction = (limit - passValue) / (failValue - passValue);
    return passLoad + fraction * (failLoad - passLoad);
  }

  /**
   * Names of the limits {@code step} breaks, in the order ttft_p95, gap_p95, error_rate, then the
   * per-kind limits ({@link KindLimits}: only on a kind the step produced).
   */
  public static List<String> violations(StepStats step, CapacityOptions options) {
    List<String> broken = new ArrayList<>();
    for (String metric : List.of("ttft_p95", "gap_p95", "error_rate")) {
      Double value = metric(step, metric);
      if (value == null || value > limit(metric, options)) {
        broken.add(metric);
      }
    }
    broken.addAll(KindLimits.broken(step, options.slo()));
    return broken;
  }

  private static Double metric(StepStats step, String metric) {
    return switch (metric) {
      case "ttft_p95" ->
          step.latencies().ttft() == null ? null : step.latencies().ttft().p95Millis();
      case "gap_p95" -> step.latencies().gap() == null ? null : step.latencies().gap().p95Millis();
      case "error_rate" -> step.counts().errorRatePercent();
      default -> KindLimits.value(step, metric);
    };
  }

  private static double limit(String metric, CapacityOptions options) {
    return switch (metric) {
      case "ttft_p95" -> options.slo().ttftP95LimitMillis();
      case "gap_p95" -> options.slo().gapP95LimitMillis();
      case "error_rate" -> options.slo().errorRateLimitPercent();
      default -> KindLimits.limit(metric, options.slo());
    };
  }
}
