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
      SloVerdict held = held(byLoad, options, holdSteps, transients, saturationRate);
      if (held != null) {
        return held;
      }
    }
    StepStats lastPassing = null;
    StepStats firstFailing = null;
    for (StepStats step : byLoad) {
      if (passes(step, options)) {
        lastPassing = step;
      } else {
        firstFailing = step;
        break;
      }
    }
    Verdict v = new Verdict(options, closed, transients);
    if (firstFailing == null) {
      if (lastPassing == null) {
        return v.none(null, null);
      }
      double best = load.apply(lastPassing);
      v.lastPassing = lastPassing;
      v.method = "lower_bound";
      v.lowerBound = true;
      v.rateLow = closed ? null : best;
      v.rateHigh = saturationRate;
      v.throughput = lastPassing.achievedRate();
      return v.capped(best, saturationRate, lastPassing);
    }
    List<String> broken = new ArrayList<>(violations(firstFailing, options));
    if (firstFailing.unsteady()) {
      broken.add(STEADY);
    }
    if (lastPassing == null) {
      return v.none(firstFailing, broken.get(0));
    }
    double passLoad = load.apply(lastPassing);
    double failLoad = load.apply(firstFailing);
    v.lastPassing = lastPassing;
    v.firstFailing = firstFailing;
    double best;
    if (!firstFailing.unsteady()) {
      best = failLoad;
      v.limiting = broken.get(0);
      for (String metric : broken) {
        double crossing = crossing(lastPassing, firstFailing, metric, passLoad, failLoad, options);
        if (crossing < best) {
          best = crossing;
          v.limiting = metric;
        }
      }
      v.method = "interpolated";
    } else {
      v.limiting = broken.get(0);
      double upper = saturationRate == null ? failLoad : Math.min(failLoad, saturationRate);
      Double modelRate =
          closed || model == null ? null : ReplicaPlanner.modelMaxRate(model, baseline, options);
      if (modelRate != null) {
        best = Math.max(passLoad, Math.min(upper, modelRate));
        v.method = "model";
      } else {
        best = passLoad;
        v.method = "last_steady_step";
      }
    }
    if (closed) {
      best = Math.max(passLoad, Math.floor(best + 1e-9));
      Double passRate = lastPassing.achievedRate();
      Double failRate = firstFailing.achievedRate();
      v.throughput =
          passRate == null || failRate == null || failLoad <= passLoad
              ? passRate
              : passRate + (best - passLoad) / (failLoad - passLoad) * (failRate - passRate);
      if (v.throughput != null && saturation != null && saturation.saturationRate() != null) {
        v.throughput = Math.min(v.throughput, saturation.saturationRate());
      }
    } else {
      v.rateLow = passLoad;
      v.rateHigh = saturationRate == null ? failLoad : Math.min(failLoad, saturationRate);
    }
    return v.capped(best, saturationRate, lastPassing);
  }

  /** Name of the steady-state condition among the limits a step breaks. */
  static final String STEADY = "steady_state";

  /** Whether {@code step} meets every limit and is not found unsteady. */
  public static boolean passes(StepStats step, CapacityOptions options) {
    return violations(step, options).isEmpty() && !step.unsteady();
  }

  /** The verdict of a search run: its highest passing hold, proved by holding it. */
  private static SloVerdict held(
      List<StepStats> byLoad,
      CapacityOptions options,
      Set<Integer> holdSteps,
      List<Integer> transients,
      Double saturationRate) {
    StepStats best = null;
    for (StepStats step : byLoad) {
      if (holdSteps.contains(step.step()) && passes(step, options)) {
        best = step;
      }
    }
    if (best == null) {
      return null;
    }
    double rate = best.rate();
    StepStats failing =
        byLoad.stream()
            .filter(s -> s.rate() > rate && !passes(s, options))
            .findFirst()
            .orElse(null);
    Verdict v = new Verdict(options, false, transients);
    v.lastPassing = best;
    v.firstFailing = failing;
    v.method = "held";
    v.rateLow = rate;
    v.rateHigh = failing == null ? saturationRate : failing.rate();
    if (failing != null) {
      List<String> broken = new ArrayList<>(violations(failing, options));
      if (failing.unsteady()) {
        broken.add(STEADY);
      }
      v.limiting = broken.isEmpty() ? null : broken.get(0);
    }
    v.held =
        new HeldRate(
            best.step(),
            rate,
            best.achievedRate(),
            best.windowSeconds(),
            best.ttft() == null ? null : best.ttft().p95Millis(),
            best.gap() == null ? null : best.gap().p95Millis(),
            best.errorRatePercent(),
            failing == null ? null : failing.rate());
    return v.build(rate);
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

  /** The parts of a verdict, filled in as the walk finds them. */
  private static final class Verdict {
    final CapacityOptions options;
    final boolean closed;
    final List<Integer> transients;
    StepStats lastPassing;
    StepStats firstFailing;
    String limiting;
    String method;
    boolean lowerBound;
    Double throughput;
    Double rateLow;
    Double rateHigh;
    boolean capped;
    HeldRate held;

    Verdict(CapacityOptions options, boolean closed, List<Integer> transients) {
      this.options = options;
      this.closed = closed;
      this.transients = transients;
    }

    SloVerdict none(StepStats failing, String limitingMetric) {
      firstFailing = failing;
      limiting = limitingMetric;
      return build(null);
    }

    /** Open model: never above {@link #MAX_UTILISATION} × the saturation rate. */
    SloVerdict capped(double best, Double saturationRate, StepStats lastPassing) {
      if (!closed && saturationRate != null && best > MAX_UTILISATION * saturationRate) {
        best = MAX_UTILISATION * saturationRate;
        capped = true;
        method = method + "_capped";
        if (rateLow != null) {
          rateLow = Math.min(rateLow, best);
        }
      }
      return build(best);
    }

    SloVerdict build(Double best) {
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
          closed && best != null ? throughput : null,
          best == null ? null : method,
          rateLow,
          rateHigh,
          transients,
          capped,
          held);
    }
  }

  /** Names of the limits {@code step} breaks, in the order ttft_p95, gap_p95, error_rate. */
  public static List<String> violations(StepStats step, CapacityOptions options) {
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
