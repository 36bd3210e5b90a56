package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Fits a c-server queue (Erlang C, M/M/c, with Allen–Cunneen's correction for the service-time
 * variability) to the measured steps.
 *
 * <p>Algorithm overview:
 *
 * <ol>
 *   <li>Measured queueing delay per step: the mean of the server's reported queue time when, in
 *       every fitted step, at least half of the successful requests carry one; else mean gap −
 *       low-load mean gap (floored at 0).
 *   <li>Fitted steps: steps with at least {@value #MIN_STEP_SAMPLES} successful requests and a
 *       measured arrival rate λ, before the saturation step and, when saturation was measured at
 *       throughput X, with λ ≤ {@value #MAX_FITTED_UTILISATION} × X: a queue that close to
 *       saturation does not reach its steady state within a step, so its delay would mislead.
 *   <li>Service time of a request = its e2e − TTFT (the stream after the first token, which holds
 *       no queueing) + the low-load mean gap (prefill); Cs² = its squared coefficient of variation
 *       pooled over the fitted steps (clamped to 0..4; 1 when unknown), so a server with
 *       fixed-length answers is modelled close to M/D/c.
 *   <li>Grid search over c ∈ 1..{@value #MAX_SERVERS} and the top step's utilisation ρ = λmax·S/c ∈
 *       (0, 1) (log-spaced in 1 − ρ), then a finer search around the best point, minimising Σ
 *       ln²((predicted + f)/(measured + f)) over the fitted steps, f = max(2 ms, 10 % of the
 *       low-load mean gap), plus two anchors, each weighing {@value #ANCHOR_WEIGHT} × n (n = fitted
 *       steps): ln²((c/S)/X) when saturation was measured at throughput X, and ln²(S/Ŝ) with Ŝ the
 *       mean service time measured where the servers were busiest (the saturated steps, else the
 *       last fitted step). The curve alone barely separates c from S when only the last steps
 *       queue, and a short step's queue has not reached its steady state, so its delay reads low;
 *       the anchors are direct measurements of c/S and S.
 *   <li>Fit error: MAPE of the predicted vs measured gap p50 and mean absolute error of the
 *       queueing delay, over the fitted steps.
 * </ol>
 *
 * <p>Assumptions: Poisson arrivals, FIFO queue before c identical servers, service time not
 * depending on load (continuous batching breaks this mildly: S comes out as the service time under
 * load, usually longer than at low load). Not fitted (null) when fewer than 2 steps qualify or no
 * step queued by more than f.
 *
 * <p>Parameters with defaults: at most {@value #MAX_SERVERS} servers; {@value #MIN_STEP_SAMPLES}
 * requests per fitted step; 100 quantiles of the low-load gap for the predicted distribution.
 */
public final class QueueModelFitter {
  static final int MAX_SERVERS = 1024;
  static final int MIN_STEP_SAMPLES = 20;
  static final double MAX_FITTED_UTILISATION = 0.9;
  static final double ANCHOR_WEIGHT = 3;
  private static final int CURVE_POINTS = 40;

  private QueueModelFitter() {}

  /** Why {@link #fit} returned null, for the report. */
  static String notFittedReason(
      List<StepStats> steps, LowLoadBaseline baseline, Saturation saturation) {
    if (baseline == null) {
      return "no step had enough successful requests for a low-load baseline";
    }
    List<FitStep> fitSteps = fitSteps(steps, baseline, saturation);
    if (fitSteps.size() < 2) {
      return "fewer than 2 steps below saturation with "
          + MIN_STEP_SAMPLES
          + " successful requests";
    }
    return "no queueing observed below saturation (the gap stayed at its low-load value)";
  }

  static QueueModel fit(
      List<StepStats> steps,
      List<StepSamples> samples,
      LowLoadBaseline baseline,
      Saturation saturation) {
    if (baseline == null) {
      return null;
    }
    List<FitStep> fitSteps = fitSteps(steps, baseline, saturation);
    if (fitSteps.size() < 2) {
      return null;
    }
    double floor = Math.max(2, 0.1 * baseline.gapMeanMillis());
    double maxDelay = fitSteps.stream().mapToDouble(FitStep::delayMillis).max().orElse(0);
    if (maxDelay <= floor) {
      return null;
    }
    double cv2 = serviceCv2(fitSteps, samples, baseline);
    double maxRate = fitSteps.stream().mapToDouble(FitStep::rate).max().orElseThrow();
    Double capacity = saturation.reached() ? saturation.saturationRate() : null;
    Double measuredService = measuredServiceMillis(steps, samples, fitSteps, baseline, saturation);

    Best best = new Best();
    for (int servers = 1; servers <= MAX_SERVERS; servers = nextServers(servers)) {
      for (int i = 0; i < 80; i++) {
        // 1 − ρ log-spaced from 0.99 down to 0.001: resolution where the curve bends
        double slack = Math.pow(10, -2.0 * i / 79) * 0.99;
        slack = Math.max(slack, 0.001);
        double serviceMillis = (1 - slack) * servers / maxRate * 1000;
        best.offer(
            servers,
            serviceMillis,
            objective(servers, serviceMillis, cv2, fitSteps, floor, capacity, measuredService));
      }
    }
    // refine: every c near the best, service time on a fine multiplicative grid around it
    int coarseServers = best.servers;
    double coarseService = best.serviceMillis;
    for (int servers = Math.max(1, (int) (coarseServers * 0.8) - 1);
        servers <= Math.min(MAX_SERVERS, (int) Math.ceil(coarseServers * 1.25) + 1);
        servers++) {
      double scaled = coarseService * servers / coarseServers;
      for (int k = -40; k <= 40; k++) {
        double serviceMillis = scaled * Math.pow(1.01, k);
        best.offer(
            servers,
            serviceMillis,
            objective(servers, serviceMillis, cv2, fitSteps, floor, capacity, measuredService));
      }
    }

    int servers = best.servers;
    double serviceMillis = best.serviceMillis;
    double[] quantiles = baseline.gapQuantilesMillis();
    List<QueueModel.ModelStepFit> fits = new ArrayList<>();
    double apeSum = 0;
    double aeSum = 0;
    for (FitStep step : fitSteps) {
      Double predictedDelay = QueueModel.meanWaitMillis(servers, serviceMillis, cv2, step.rate);
      Double predictedP50 =
          QueueModel.gapPercentileMillis(servers, serviceMillis, cv2, quantiles, step.rate, 50);
      double delay = predictedDelay == null ? Double.POSITIVE_INFINITY : predictedDelay;
      double p50 = predictedP50 == null ? Double.POSITIVE_INFINITY : predictedP50;
      fits.add(
          new QueueModel.ModelStepFit(
              step.step, step.rate, step.delayMillis, delay, step.gapP50Millis, p50));
      apeSum += Math.abs(p50 - step.gapP50Millis) / Math.max(step.gapP50Millis, 1);
      aeSum += Math.abs(delay - step.delayMillis);
    }
    double saturationRate = servers / serviceMillis * 1000;
    List<QueueModel.ModelPoint> curve = new ArrayList<>();
    for (int i = 0; i <= CURVE_POINTS; i++) {
      double rate = saturationRate * 0.98 * i / CURVE_POINTS;
      curve.add(
          new QueueModel.ModelPoint(
              rate,
              QueueModel.gapPercentileMillis(servers, serviceMillis, cv2, quantiles, rate, 50),
              QueueModel.gapPercentileMillis(servers, serviceMillis, cv2, quantiles, rate, 95),
              QueueModel.meanWaitMillis(servers, serviceMillis, cv2, rate)));
    }
    String name =
        Math.abs(cv2 - 1) < 0.05
            ? "M/M/c (Erlang C)"
            : String.format(Locale.ROOT, "M/G/c (Erlang C, Allen–Cunneen Cs²=%.2f)", cv2);
    return new QueueModel(
        name,
        servers,
        serviceMillis,
        cv2,
        measuredService,
        saturationRate,
        fitSteps.get(0).source,
        100 * apeSum / fitSteps.size(),
        aeSum / fitSteps.size(),
        fits,
        curve,
        Arrays.stream(quantiles).boxed().toList());
  }

  /**
   * Mean service time (prefill + stream after the first token) where the servers were busiest: over
   * the saturated steps when saturation was reached, else in the last fitted step; null when no
   * stream time was recorded there.
   */
  private static Double measuredServiceMillis(
      List<StepStats> steps,
      List<StepSamples> samples,
      List<FitStep> fitSteps,
      LowLoadBaseline baseline,
      Saturation saturation) {
    long n = 0;
    long sum = 0;
    for (StepSamples sample : samples) {
      boolean busiest =
          saturation.reached()
              ? sample.step >= saturation.step()
              : sample.step == fitSteps.get(fitSteps.size() - 1).step;
      if (busiest) {
        n += sample.streamCount;
        sum += sample.streamSumMillis;
      }
    }
    return n == 0 ? null : (double) sum / n + baseline.gapMeanMillis();
  }

  private static double serviceCv2(
      List<FitStep> fitSteps, List<StepSamples> samples, LowLoadBaseline baseline) {
    long n = 0;
    long sum = 0;
    long sumSquares = 0;
    for (FitStep step : fitSteps) {
      for (StepSamples sample : samples) {
        if (sample.step == step.step) {
          n += sample.streamCount;
          sum += sample.streamSumMillis;
          sumSquares += sample.streamSumSquaresMillis2;
        }
      }
    }
    if (n < 2) {
      return 1;
    }
    double streamMean = (double) sum / n;
    double variance = Math.max(0, (sumSquares - n * streamMean * streamMean) / (n - 1));
    double serviceMean = streamMean + baseline.gapMeanMillis();
    if (serviceMean <= 0) {
      return 1;
    }
    return Math.min(4, variance / (serviceMean * serviceMean));
  }

  private static int nextServers(int servers) {
    return servers < 64 ? servers + 1 : (int) Math.ceil(servers * 1.05);
  }

  private static double objective(
      int servers,
      double serviceMillis,
      double cv2,
      List<FitStep> steps,
      double floor,
      Double capacity,
      Double measuredServiceMillis) {
    double sum = 0;
    for (FitStep step : steps) {
      Double predicted = QueueModel.meanWaitMillis(servers, serviceMillis, cv2, step.rate);
      double value = predicted == null ? 1e9 : predicted;
      double logRatio = Math.log((value + floor) / (step.delayMillis + floor));
      sum += logRatio * logRatio;
    }
    if (capacity != null && capacity > 0) {
      double logRatio = Math.log(servers / serviceMillis * 1000 / capacity);
      sum += ANCHOR_WEIGHT * steps.size() * logRatio * logRatio;
    }
    if (measuredServiceMillis != null && measuredServiceMillis > 0) {
      double logRatio = Math.log(serviceMillis / measuredServiceMillis);
      sum += ANCHOR_WEIGHT * steps.size() * logRatio * logRatio;
    }
    return sum;
  }

  private static List<FitStep> fitSteps(
      List<StepStats> steps, LowLoadBaseline baseline, Saturation saturation) {
    List<StepStats> candidates = new ArrayList<>();
    for (StepStats step : steps) {
      if (saturation.reached() && step.step() >= saturation.step()) {
        break;
      }
      Double rate = step.arrivalRate() != null ? step.arrivalRate() : step.offeredRate();
      boolean nearSaturation =
          saturation.reached()
              && rate != null
              && rate > MAX_FITTED_UTILISATION * saturation.saturationRate();
      if (rate != null
          && rate > 0
          && !nearSaturation
          && step.gap() != null
          && step.gap().count() >= MIN_STEP_SAMPLES) {
        candidates.add(step);
      }
    }
    long withServerQueue =
        candidates.stream()
            .filter(s -> s.serverQueue() != null && s.serverQueue().count() * 2 >= s.okRequests())
            .count();
    boolean useServerQueue = !candidates.isEmpty() && withServerQueue == candidates.size();
    List<FitStep> fitSteps = new ArrayList<>();
    for (StepStats step : candidates) {
      double rate = step.arrivalRate() != null ? step.arrivalRate() : step.offeredRate();
      double delay =
          useServerQueue
              ? step.serverQueue().meanMillis()
              : Math.max(0, step.gap().meanMillis() - baseline.gapMeanMillis());
      fitSteps.add(
          new FitStep(
              step.step(),
              rate,
              delay,
              step.gap().p50Millis(),
              useServerQueue ? "server_queue_time" : "gap"));
    }
    return fitSteps;
  }

  private record FitStep(
      int step, double rate, double delayMillis, double gapP50Millis, String source) {}

  private static final class Best {
    int servers;
    double serviceMillis;
    double objective = Double.POSITIVE_INFINITY;

    void offer(int servers, double serviceMillis, double objective) {
      if (objective < this.objective) {
        this.servers = servers;
        this.serviceMillis = serviceMillis;
        this.objective = objective;
      }
    }
  }
}
