package dev.ttftgap.analysis;

import dev.ttftgap.analysis.QueueParameterSearch.Best;
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
 *
 * <p>The parts: {@link FitStep} selects the steps, {@link QueueMeasurements} measures Ca², Cs² and
 * the busiest service time, {@link QueueParameterSearch} searches c and S, {@link BatchingLine}
 * fits the batching delay; this class runs the two passes and assembles the {@link QueueModel}.
 */
final class QueueModelFitter {
  static final int MAX_SERVERS = 1024;
  static final int MIN_STEP_SAMPLES = 20;
  static final double MAX_FITTED_UTILISATION = 0.9;
  static final double ANCHOR_WEIGHT = 3;
  static final double CAPACITY_TOLERANCE = 0.1;
  private static final int MIN_FIT_STEPS = 2;

  private QueueModelFitter() {}

  /** Why {@link #fit} returned null, for the report. */
  static String notFittedReason(
      List<StepStats> steps, LowLoadReference baseline, Saturation saturation) {
    if (baseline == null) {
      return "no step had enough successful requests for a low-load baseline";
    }
    List<FitStep> fitSteps = FitStep.fitSteps(steps, baseline, saturation);
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
      LowLoadReference baseline,
      Saturation saturation) {
    if (baseline == null) {
      return null;
    }
    List<FitStep> fitSteps = FitStep.fitSteps(steps, baseline, saturation);
    if (fitSteps.size() < MIN_FIT_STEPS) {
      return null;
    }
    double floor = Math.max(2, 0.1 * baseline.gapMeanMillis());
    double arrivalCv2 = QueueMeasurements.arrivalCv2(fitSteps, samples);
    double serviceCv2 = QueueMeasurements.serviceCv2(fitSteps, samples, baseline);
    Inputs inputs =
        new Inputs(
            floor,
            arrivalCv2,
            serviceCv2,
            QueueModel.waitFactor(arrivalCv2, serviceCv2),
            saturation.reached() ? saturation.saturationRate() : null,
            QueueMeasurements.measuredServiceMillis(samples, fitSteps, baseline, saturation));
    // below 2·f a step's delay is within the noise of the low-load gap: no queueing seen
    boolean anchorsOnly = FitStep.maxDelayMillis(fitSteps) <= inputs.queueingSeen();
    if (anchorsOnly && !inputs.anchored()) {
      return null;
    }
    Best best = searchOrAnchors(fitSteps, inputs, anchorsOnly);
    // second pass: take out the gap's growth that is not queueing, then fit the queue again
    double baselineRate = fitSteps.get(0).rate();
    double rampEndRate = fitSteps.size() > 1 ? fitSteps.get(1).rate() : baselineRate;
    double[] batchingLine = BatchingLine.batchingLine(fitSteps, best, baseline, baselineRate);
    double batchingOffset = batchingLine[0];
    double batchingSlope = batchingLine[1];
    QueueModel.GapShape batchingShape =
        new QueueModel.GapShape(
            new double[0], baselineRate, rampEndRate, batchingOffset, batchingSlope);
    if ((batchingSlope > 0 || batchingOffset > 0) && "gap".equals(fitSteps.get(0).source())) {
      fitSteps = withoutBatching(fitSteps, batchingShape);
      anchorsOnly = FitStep.maxDelayMillis(fitSteps) <= inputs.queueingSeen() && inputs.anchored();
      best = searchOrAnchors(fitSteps, inputs, anchorsOnly);
    }
    QueueModel.GapShape shape =
        new QueueModel.GapShape(
            baseline.gapQuantilesMillis(),
            baselineRate,
            rampEndRate,
            batchingOffset,
            batchingSlope);
    return model(fitSteps, inputs, best, anchorsOnly, shape, baseline);
  }

  /**
   * What the fit measures before searching: the objective's floor f (ms), Ca², Cs², the wait
   * factor, the measured capacity X (req/s, null when not saturated) and the measured service time
   * Ŝ (ms, null when unknown).
   */
  private record Inputs(
      double floor,
      double arrivalCv2,
      double serviceCv2,
      double waitFactor,
      Double capacity,
      Double measuredService) {
    boolean anchored() {
      return capacity != null && measuredService != null && measuredService > 0;
    }

    double queueingSeen() {
      return 2 * floor;
    }
  }

  private static Best searchOrAnchors(List<FitStep> fitSteps, Inputs inputs, boolean anchorsOnly) {
    return anchorsOnly
        ? QueueParameterSearch.anchors(inputs.capacity(), inputs.measuredService())
        : QueueParameterSearch.search(
            fitSteps,
            inputs.waitFactor(),
            inputs.floor(),
            inputs.capacity(),
            inputs.measuredService());
  }

  /** The steps with the batching growth taken out of their measured delay (floored at 0). */
  private static List<FitStep> withoutBatching(
      List<FitStep> fitSteps, QueueModel.GapShape batchingShape) {
    List<FitStep> adjusted = new ArrayList<>();
    for (FitStep step : fitSteps) {
      double batching = batchingShape.shiftMillis(step.rate());
      adjusted.add(
          new FitStep(
              step.step(),
              step.rate(),
              Math.max(0, step.delayMillis() - batching),
              step.gapP50Millis(),
              step.source()));
    }
    return adjusted;
  }

  /** The fitted model: per-step predictions, the fit errors and the model's name. */
  private static QueueModel model(
      List<FitStep> fitSteps,
      Inputs inputs,
      Best best,
      boolean anchorsOnly,
      QueueModel.GapShape shape,
      LowLoadReference baseline) {
    int servers = best.servers;
    double serviceMillis = best.serviceMillis;
    double waitFactor = inputs.waitFactor();
    List<QueueModel.ModelStepFit> fits = new ArrayList<>();
    double apeSum = 0;
    double aeSum = 0;
    for (FitStep step : fitSteps) {
      Double predictedDelay =
          QueueModel.meanWaitMillis(servers, serviceMillis, waitFactor, step.rate());
      Double predictedP50 =
          QueueModel.gapPercentileMillis(
              servers, serviceMillis, waitFactor, shape, step.rate(), 50);
      double delay = predictedDelay == null ? Double.POSITIVE_INFINITY : predictedDelay;
      double p50 = predictedP50 == null ? Double.POSITIVE_INFINITY : predictedP50;
      fits.add(
          new QueueModel.ModelStepFit(
              step.step(), step.rate(), step.delayMillis(), delay, step.gapP50Millis(), p50));
      apeSum += Math.abs(p50 - step.gapP50Millis()) / Math.max(step.gapP50Millis(), 1);
      aeSum += Math.abs(delay - step.delayMillis());
    }
    return new QueueModel(
        name(inputs.arrivalCv2(), inputs.serviceCv2()),
        servers,
        serviceMillis,
        inputs.arrivalCv2(),
        inputs.serviceCv2(),
        waitFactor,
        inputs.measuredService(),
        servers / serviceMillis * 1000,
        fitSteps.get(0).source(),
        anchorsOnly ? "anchors" : "curve",
        100 * apeSum / fitSteps.size(),
        aeSum / fitSteps.size(),
        shape.offsetMillis(),
        shape.slopeMillisPerRps(),
        shape.baselineRate(),
        shape.rampEndRate(),
        fits,
        Arrays.stream(baseline.gapQuantilesMillis()).boxed().toList());
  }

  private static String name(double arrivalCv2, double serviceCv2) {
    return Math.abs(arrivalCv2 - 1) < 0.1 && Math.abs(serviceCv2 - 1) < 0.1
        ? "M/M/c (Erlang C)"
        : String.format(
            Locale.ROOT,
            "G/G/c (Erlang C × Allen–Cunneen, Ca²=%.2f, Cs²=%.2f)",
            arrivalCv2,
            serviceCv2);
  }
}
