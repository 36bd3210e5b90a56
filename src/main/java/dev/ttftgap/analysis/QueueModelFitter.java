package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Fits a c-server queue (Erlang C with Allen–Cunneen's correction for arrival and service-time
 * variability, G/G/c) to the measured steps.
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
 *   <li>Variability: service time of a request = its e2e − TTFT (the stream after the first token,
 *       which holds no queueing) + the low-load mean gap (prefill); Cs² = its squared coefficient
 *       of variation pooled over the fitted steps (0..4; 1 when unknown). Ca² = that of the
 *       inter-arrival times, per step then averaged (1 for Poisson, 0 for evenly spaced arrivals).
 *       The M/M/c wait is scaled by (Ca² + Cs²)/2, floored at {@value QueueModel#MIN_WAIT_FACTOR}.
 *   <li>Grid search over c ∈ 1..{@value #MAX_SERVERS} and the top step's utilisation ρ = λmax·S/c ∈
 *       (0, 1) (log-spaced in 1 − ρ), then a finer search around the best point, minimising Σ
 *       ln²((predicted + f)/(measured + f)) over the fitted steps, f = max(2 ms, 10 % of the
 *       low-load mean gap), plus two anchors, each weighing {@value #ANCHOR_WEIGHT} × n (n = fitted
 *       steps): ln²((c/S)/X) when saturation was measured at throughput X, and ln²(S/Ŝ) with Ŝ the
 *       mean service time measured where the servers were busiest (the saturated steps, else the
 *       last fitted step). The curve alone barely separates c from S when only the last steps
 *       queue, and a short step's queue has not reached its steady state, so its delay reads low;
 *       the anchors are direct measurements of c/S and S. When X was measured the search keeps c/S
 *       within ±{@value #CAPACITY_TOLERANCE} × X (every c up to {@value #MAX_SERVERS}), so the
 *       model never contradicts the measured saturation by more than the promised accuracy.
 *   <li>When no fitted step queued by more than 2·f (evenly spaced arrivals of fixed-size requests
 *       barely queue before saturation) but saturation was measured, c and S come from the anchors
 *       alone: c = X·Ŝ rounded, S = c / X.
 *   <li>Batching delay: in a batching engine an arrival waits for the step under way, so the gap
 *       grows with load before any slot is short: a jump a once the engine is rarely idle, then a
 *       slope b as steps grow with the batch. On the fitted steps where the first fit predicts no
 *       median wait (Erlang C &lt; 1/2), the rise of the gap p50 over its low-load value is
 *       regressed on λ − λ0 (a line with intercept a when two or more steps qualify and a ≥ 0, else
 *       through 0; both floored at 0); that growth is taken out of the measured delays and c, S are
 *       fitted again. The predicted gap is the low-load gap + a·ramp + b·(λ − λ0) + the queue wait,
 *       the ramp rising from 0 at λ0 to 1 at the first step above it.
 *   <li>Fit error: MAPE of the predicted vs measured gap p50 and mean absolute error of the
 *       queueing delay, over the fitted steps.
 * </ol>
 *
 * <p>Assumptions: FIFO queue before c identical servers; Allen–Cunneen is an approximation (exact
 * for M/M/c); service time not depending on load (continuous batching breaks this mildly: S comes
 * out as the service time under load, longer than at low load). Not fitted (null) when fewer than 2
 * steps qualify, or when no step queued by more than 2·f and saturation was not reached.
 *
 * <p>Parameters with defaults: at most {@value #MAX_SERVERS} servers; {@value #MIN_STEP_SAMPLES}
 * requests per fitted step; anchor weight {@value #ANCHOR_WEIGHT}; 100 quantiles of the low-load
 * gap for the predicted distribution. Example (model profile qwen3-8b-like, Poisson staircase): c =
 * 8, S ≈ 1.0 s, c/S ≈ 8.0 req/s against an analytic 7.89 req/s.
 */
public final class QueueModelFitter {
  static final int MAX_SERVERS = 1024;
  static final int MIN_STEP_SAMPLES = 20;
  static final double MAX_FITTED_UTILISATION = 0.9;
  static final double ANCHOR_WEIGHT = 3;
  static final double CAPACITY_TOLERANCE = 0.1;
  private static final int MIN_FIT_STEPS = 2;

  private QueueModelFitter() {}

  /** Why {@link #fit} returned null, for the report. */
  static String notFittedReason(
      List<StepStats> steps, LowLoadBaseline baseline, Saturation saturation) {
    if (baseline == null) {
      return "no step had enough successful requests for a low-load baseline";
    }
    List<FitStep> fitSteps = fitSteps(steps, baseline, saturation);
    if (fitSteps.size() < MIN_FIT_STEPS) {
      return "fewer than "
          + MIN_FIT_STEPS
          + " steps below saturation with "
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
    if (fitSteps.size() < MIN_FIT_STEPS) {
      return null;
    }
    double floor = Math.max(2, 0.1 * baseline.gapMeanMillis());
    double maxDelay = fitSteps.stream().mapToDouble(FitStep::delayMillis).max().orElse(0);
    double arrivalCv2 = arrivalCv2(fitSteps, samples);
    double serviceCv2 = serviceCv2(fitSteps, samples, baseline);
    double waitFactor = QueueModel.waitFactor(arrivalCv2, serviceCv2);
    Double capacity = saturation.reached() ? saturation.saturationRate() : null;
    Double measuredService = measuredServiceMillis(steps, samples, fitSteps, baseline, saturation);
    boolean anchored = capacity != null && measuredService != null && measuredService > 0;
    // below 2·f a step's delay is within the noise of the low-load gap: no queueing seen
    double queueingSeen = 2 * floor;
    if (maxDelay <= queueingSeen && !anchored) {
      return null;
    }
    boolean anchorsOnly = maxDelay <= queueingSeen;
    Best best =
        anchorsOnly
            ? anchors(capacity, measuredService)
            : search(fitSteps, waitFactor, floor, capacity, measuredService);
    // second pass: take out the gap's growth that is not queueing, then fit the queue again
    double baselineRate = fitSteps.get(0).rate;
    double rampEndRate = fitSteps.size() > 1 ? fitSteps.get(1).rate : baselineRate;
    double[] batchingLine = batchingLine(fitSteps, best, baseline, baselineRate);
    double batchingOffset = batchingLine[0];
    double batchingSlope = batchingLine[1];
    QueueModel.GapShape batchingShape =
        new QueueModel.GapShape(
            new double[0], baselineRate, rampEndRate, batchingOffset, batchingSlope);
    if ((batchingSlope > 0 || batchingOffset > 0) && "gap".equals(fitSteps.get(0).source)) {
      List<FitStep> adjusted = new ArrayList<>();
      for (FitStep step : fitSteps) {
        double batching = batchingShape.shiftMillis(step.rate);
        adjusted.add(
            new FitStep(
                step.step,
                step.rate,
                Math.max(0, step.delayMillis - batching),
                step.gapP50Millis,
                step.source));
      }
      fitSteps = adjusted;
      double maxAdjusted = fitSteps.stream().mapToDouble(FitStep::delayMillis).max().orElse(0);
      anchorsOnly = maxAdjusted <= queueingSeen && anchored;
      best =
          anchorsOnly
              ? anchors(capacity, measuredService)
              : search(fitSteps, waitFactor, floor, capacity, measuredService);
    }

    int servers = best.servers;
    double serviceMillis = best.serviceMillis;
    QueueModel.GapShape shape =
        new QueueModel.GapShape(
            baseline.gapQuantilesMillis(),
            baselineRate,
            rampEndRate,
            batchingOffset,
            batchingSlope);
    List<QueueModel.ModelStepFit> fits = new ArrayList<>();
    double apeSum = 0;
    double aeSum = 0;
    for (FitStep step : fitSteps) {
      Double predictedDelay =
          QueueModel.meanWaitMillis(servers, serviceMillis, waitFactor, step.rate);
      Double predictedP50 =
          QueueModel.gapPercentileMillis(servers, serviceMillis, waitFactor, shape, step.rate, 50);
      double delay = predictedDelay == null ? Double.POSITIVE_INFINITY : predictedDelay;
      double p50 = predictedP50 == null ? Double.POSITIVE_INFINITY : predictedP50;
      fits.add(
          new QueueModel.ModelStepFit(
              step.step, step.rate, step.delayMillis, delay, step.gapP50Millis, p50));
      apeSum += Math.abs(p50 - step.gapP50Millis) / Math.max(step.gapP50Millis, 1);
      aeSum += Math.abs(delay - step.delayMillis);
    }
    double saturationRate = servers / serviceMillis * 1000;
    String name =
        Math.abs(arrivalCv2 - 1) < 0.1 && Math.abs(serviceCv2 - 1) < 0.1
            ? "M/M/c (Erlang C)"
            : String.format(
                Locale.ROOT,
                "G/G/c (Erlang C × Allen–Cunneen, Ca²=%.2f, Cs²=%.2f)",
                arrivalCv2,
                serviceCv2);
    return new QueueModel(
        name,
        servers,
        serviceMillis,
        arrivalCv2,
        serviceCv2,
        waitFactor,
        measuredService,
        saturationRate,
        fitSteps.get(0).source,
        anchorsOnly ? "anchors" : "curve",
        100 * apeSum / fitSteps.size(),
        aeSum / fitSteps.size(),
        batchingOffset,
        batchingSlope,
        baselineRate,
        rampEndRate,
        fits,
        Arrays.stream(baseline.gapQuantilesMillis()).boxed().toList());
  }

  /**
   * c and S from the two measurements alone, when no step below saturation queued: S = the service
   * time measured at saturation, c = X·S rounded (at least 1), S then set to c / X so the model
   * saturates where the server did.
   */
  private static Best anchors(double capacity, double measuredServiceMillis) {
    Best best = new Best();
    int servers = (int) Math.max(1, Math.round(capacity * measuredServiceMillis / 1000));
    best.offer(servers, servers / capacity * 1000, 0);
    return best;
  }

  /** Grid search over c and S, then a finer search around the best point. */
  private static Best search(
      List<FitStep> fitSteps,
      double waitFactor,
      double floor,
      Double capacity,
      Double measuredService) {
    double maxRate = fitSteps.stream().mapToDouble(FitStep::rate).max().orElseThrow();
    Best best = new Best();
    if (capacity != null && capacity > 0) {
      // the measured plateau bounds the model's capacity c/S to ±CAPACITY_TOLERANCE of it;
      // coarse over c (every c to 64, then 5 % apart), then every c around the best
      for (int servers = 1; servers <= MAX_SERVERS; servers = nextServers(servers)) {
        offerBounded(best, servers, capacity, waitFactor, fitSteps, floor, measuredService);
      }
      int coarse = best.servers;
      for (int servers = Math.max(1, (int) (coarse * 0.9) - 1);
          servers <= Math.min(MAX_SERVERS, (int) Math.ceil(coarse * 1.1) + 1);
          servers++) {
        offerBounded(best, servers, capacity, waitFactor, fitSteps, floor, measuredService);
      }
      return best;
    }
    for (int servers = 1; servers <= MAX_SERVERS; servers = nextServers(servers)) {
      for (int i = 0; i < 80; i++) {
        // 1 − ρ log-spaced from 0.99 down to 0.001: resolution where the curve bends
        double slack = Math.max(Math.pow(10, -2.0 * i / 79) * 0.99, 0.001);
        double serviceMillis = (1 - slack) * servers / maxRate * 1000;
        best.offer(
            servers,
            serviceMillis,
            objective(
                servers, serviceMillis, waitFactor, fitSteps, floor, capacity, measuredService));
      }
    }
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
            objective(
                servers, serviceMillis, waitFactor, fitSteps, floor, capacity, measuredService));
      }
    }
    return best;
  }

  private static void offerBounded(
      Best best,
      int servers,
      double capacity,
      double waitFactor,
      List<FitStep> fitSteps,
      double floor,
      Double measuredService) {
    for (int k = -20; k <= 20; k++) {
      double modelCapacity = capacity * (1 + CAPACITY_TOLERANCE * k / 20.0);
      double serviceMillis = servers / modelCapacity * 1000;
      best.offer(
          servers,
          serviceMillis,
          objective(
              servers, serviceMillis, waitFactor, fitSteps, floor, capacity, measuredService));
    }
  }

  /**
   * Growth of the gap median with load where the fitted queue predicts no median wait (Erlang C
   * below 1/2), as {offset ms, slope ms per req/s}: least squares of (gap p50 − low-load gap p50)
   * on (λ − λ0) over those steps. A batching engine that is rarely idle makes every arrival wait
   * for the step under way (the offset, reached by the first step above the low-load one), and its
   * steps grow with the batch (the slope). With fewer than two such steps, or a negative intercept,
   * the line goes through the low-load point (offset 0); both parts are floored at 0.
   */
  private static double[] batchingLine(
      List<FitStep> fitSteps, Best best, LowLoadBaseline baseline, double baselineRate) {
    List<double[]> points = new ArrayList<>();
    for (FitStep step : fitSteps) {
      double load = step.rate * best.serviceMillis / 1000;
      double x = step.rate - baselineRate;
      if (x > 0 && ErlangC.probabilityOfWaiting(best.servers, load) < 0.5) {
        points.add(new double[] {x, step.gapP50Millis - baseline.gapP50Millis()});
      }
    }
    double n = points.size();
    double sumX = 0;
    double sumY = 0;
    double sumXy = 0;
    double sumXx = 0;
    for (double[] p : points) {
      sumX += p[0];
      sumY += p[1];
      sumXy += p[0] * p[1];
      sumXx += p[0] * p[0];
    }
    if (n == 0 || sumXx == 0) {
      return new double[] {0, 0};
    }
    double spread = n * sumXx - sumX * sumX;
    if (n >= 2 && spread > 1e-9) {
      double slope = (n * sumXy - sumX * sumY) / spread;
      double offset = (sumY - slope * sumX) / n;
      if (offset >= 0 && slope >= 0) {
        return new double[] {offset, slope};
      }
    }
    return new double[] {0, Math.max(0, sumXy / sumXx)};
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

  /** Squared coefficient of variation of inter-arrival times pooled over the fitted steps. */
  private static double arrivalCv2(List<FitStep> fitSteps, List<StepSamples> samples) {
    long n = 0;
    long sum = 0;
    long sumSquares = 0;
    double weightedCv2 = 0;
    for (FitStep step : fitSteps) {
      for (StepSamples sample : samples) {
        if (sample.step == step.step && sample.interArrivalCount >= 2) {
          // per step, so that a staircase's changing rate is not read as variability
          double mean = (double) sample.interArrivalSumMillis / sample.interArrivalCount;
          double variance =
              Math.max(
                  0,
                  (sample.interArrivalSumSquaresMillis2 - sample.interArrivalCount * mean * mean)
                      / (sample.interArrivalCount - 1));
          if (mean > 0) {
            weightedCv2 += sample.interArrivalCount * variance / (mean * mean);
            n += sample.interArrivalCount;
          }
        }
      }
    }
    return n == 0 ? 1 : Math.min(4, weightedCv2 / n);
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
      double waitFactor,
      List<FitStep> steps,
      double floor,
      Double capacity,
      Double measuredServiceMillis) {
    double sum = 0;
    for (FitStep step : steps) {
      Double predicted = QueueModel.meanWaitMillis(servers, serviceMillis, waitFactor, step.rate);
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
      Double rate =
          step.rates().arrivalRate() != null ? step.rates().arrivalRate() : step.offeredRate();
      boolean nearSaturation =
          saturation.reached()
              && rate != null
              && rate > MAX_FITTED_UTILISATION * saturation.saturationRate();
      if (rate != null
          && rate > 0
          && !nearSaturation
          && step.latencies().gap() != null
          && step.latencies().gap().count() >= MIN_STEP_SAMPLES) {
        candidates.add(step);
      }
    }
    long withServerQueue =
        candidates.stream()
            .filter(
                s ->
                    s.queueing().serverQueue() != null
                        && s.queueing().serverQueue().count() * 2 >= s.counts().okRequests())
            .count();
    boolean useServerQueue = !candidates.isEmpty() && withServerQueue == candidates.size();
    List<FitStep> fitSteps = new ArrayList<>();
    for (StepStats step : candidates) {
      double rate =
          step.rates().arrivalRate() != null ? step.rates().arrivalRate() : step.offeredRate();
      double delay =
          useServerQueue
              ? step.queueing().serverQueue().meanMillis()
              : Math.max(0, step.latencies().gap().meanMillis() - baseline.gapMeanMillis());
      fitSteps.add(
          new FitStep(
              step.step(),
              rate,
              delay,
              step.latencies().gap().p50Millis(),
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
