package dev.ttftgap.analysis;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A queueing model fitted to the measured steps (see {@link QueueModelFitter}): c servers with mean
 * service time S, Poisson arrivals, FIFO queue. The waiting time of an M/M/c queue is 0 with
 * probability 1 − C and exponential with rate (c/S − λ) otherwise, C being Erlang's C; for other
 * service-time variability (M/G/c) the wait is scaled by Allen–Cunneen's factor (1 + Cs²)/2. The
 * predicted gap is the low-load gap plus that wait.
 *
 * @param name e.g. {@code "M/M/c (Erlang C)"} or {@code "M/G/c (Erlang C, Allen–Cunneen Cs²=0.10)"}
 * @param servers c: requests served at once (the server's concurrent sequences)
 * @param serviceTimeMillis S: mean time a request holds a server, ms
 * @param arrivalCv2 Ca²: squared coefficient of variation of inter-arrival times (1: Poisson)
 * @param serviceCv2 Cs²: squared coefficient of variation of the service time (1 for M/M/c)
 * @param waitFactor Allen–Cunneen's (Ca² + Cs²)/2, floored at {@value #MIN_WAIT_FACTOR}: the M/M/c
 *     wait is multiplied by it
 * @param measuredServiceTimeMillis mean service time (low-load gap + e2e − TTFT) where the servers
 *     were busiest, ms, the anchor of S; null when undefined
 * @param saturationRate c / S, requests/s: the rate at which the modelled queue grows without bound
 * @param delaySource what the model was fitted to: {@code "gap"} (mean gap − low-load mean gap) or
 *     {@code "server_queue_time"} (the server's reported queue time)
 * @param fitMethod {@code "curve"} (queueing delays of the steps, anchored on the measured capacity
 *     and service time) or {@code "anchors"} (no step queued below saturation: c and S from the
 *     measured capacity and service time alone)
 * @param fitMapePercent mean absolute percentage error of the predicted vs measured gap p50 over
 *     the fitted steps
 * @param fitMeanAbsErrorMillis mean absolute error of the predicted vs measured mean queueing delay
 *     over the fitted steps, ms
 * @param batchingOffsetMillis the part of the gap's growth that is not queueing and appears as soon
 *     as the engine is rarely idle (an arrival waits for the step under way), ms; it ramps in
 *     between {@code baselineRate} and {@code batchingRampEndRate}
 * @param batchingDelayMillisPerRps the further growth of the gap with load that is not queueing
 *     (steps get longer as the batch grows), ms per req/s above {@code baselineRate}
 * @param baselineRate the low-load step's arrival rate, req/s
 * @param batchingRampEndRate the first fitted step above the low-load one, req/s
 * @param fittedSteps per fitted step, measured vs predicted
 * @param lowLoadGapQuantilesMillis the low-load gap distribution (100 quantiles, ms) the wait is
 *     added to
 */
public record QueueModel(
    String name,
    int servers,
    double serviceTimeMillis,
    double arrivalCv2,
    double serviceCv2,
    double waitFactor,
    Double measuredServiceTimeMillis,
    double saturationRate,
    String delaySource,
    String fitMethod,
    double fitMapePercent,
    double fitMeanAbsErrorMillis,
    double batchingOffsetMillis,
    double batchingDelayMillisPerRps,
    double baselineRate,
    double batchingRampEndRate,
    List<ModelStepFit> fittedSteps,
    List<Double> lowLoadGapQuantilesMillis) {

  public QueueModel {
    fittedSteps = List.copyOf(fittedSteps);
    lowLoadGapQuantilesMillis = List.copyOf(lowLoadGapQuantilesMillis);
  }

  /** Floor of the Allen–Cunneen factor, so that D/D/c traffic keeps a finite decay rate. */
  public static final double MIN_WAIT_FACTOR = 0.001;

  /** Intervals of the {@link #curve()}: it has one point more. */
  static final int CURVE_POINTS = 40;

  /** Allen–Cunneen's factor (Ca² + Cs²)/2, floored at {@value #MIN_WAIT_FACTOR}. */
  public static double waitFactor(double arrivalCv2, double serviceCv2) {
    return Math.max(MIN_WAIT_FACTOR, (arrivalCv2 + serviceCv2) / 2);
  }

  /** Measured and predicted figures of one fitted step. */
  public record ModelStepFit(
      int step,
      double rate,
      double measuredQueueingDelayMillis,
      double predictedQueueingDelayMillis,
      double measuredGapP50Millis,
      double predictedGapP50Millis) {}

  /** The model's prediction at one rate; gap figures are null at or beyond saturation. */
  public record ModelPoint(
      double rate, Double gapP50Millis, Double gapP95Millis, Double queueingDelayMeanMillis) {}

  /**
   * The same servers and service under arrivals of another variability, e.g. {@code 1} for the
   * Poisson arrivals of many independent users at a real peak.
   */
  public QueueModel withArrivalCv2(double cv2) {
    return new QueueModel(
        name,
        servers,
        serviceTimeMillis,
        cv2,
        serviceCv2,
        waitFactor(cv2, serviceCv2),
        measuredServiceTimeMillis,
        saturationRate,
        delaySource,
        fitMethod,
        fitMapePercent,
        fitMeanAbsErrorMillis,
        batchingOffsetMillis,
        batchingDelayMillisPerRps,
        baselineRate,
        batchingRampEndRate,
        fittedSteps,
        lowLoadGapQuantilesMillis);
  }

  /**
   * The predicted gap p50 and p95 and mean queueing delay at {@value #CURVE_POINTS} + 1 evenly
   * spaced rates from 0 up to 98 % of the saturation rate (e.g. 0, 0.392, …, 15.68 req/s for a
   * saturation rate of 16 req/s): the model's curve on the charts.
   */
  public List<ModelPoint> curve() {
    return IntStream.rangeClosed(0, CURVE_POINTS)
        .mapToDouble(i -> saturationRate * 0.98 * i / CURVE_POINTS)
        .mapToObj(
            rate ->
                new ModelPoint(
                    rate,
                    predictedGapMillis(rate, 50),
                    predictedGapMillis(rate, 95),
                    predictedMeanWaitMillis(rate)))
        .toList();
  }

  /** Mean wait in the queue at {@code rate} requests/s, ms; null at or beyond saturation. */
  public Double predictedMeanWaitMillis(double rate) {
    return meanWaitMillis(servers, serviceTimeMillis, waitFactor, rate);
  }

  /**
   * The {@code percentile} (0..100) of the gap at {@code rate} requests/s, ms: low-load gap plus
   * the queue wait; null at or beyond saturation.
   */
  public Double predictedGapMillis(double rate, double percentile) {
    double[] quantiles =
        lowLoadGapQuantilesMillis.stream().mapToDouble(Double::doubleValue).toArray();
    GapShape shape =
        new GapShape(
            quantiles,
            baselineRate,
            batchingRampEndRate,
            batchingOffsetMillis,
            batchingDelayMillisPerRps);
    return gapPercentileMillis(servers, serviceTimeMillis, waitFactor, shape, rate, percentile);
  }

  /**
   * The gap without queueing: low-load quantiles shifted by the batching delay at a rate, {@code
   * offset × ramp + slope × (λ − λ0)}, the ramp going from 0 at λ0 to 1 at the first step above it.
   */
  record GapShape(
      double[] lowLoadQuantilesMillis,
      double baselineRate,
      double rampEndRate,
      double offsetMillis,
      double slopeMillisPerRps) {
    double shiftMillis(double rate) {
      double above = Math.max(0, rate - baselineRate);
      double ramp =
          rampEndRate > baselineRate ? Math.min(1, above / (rampEndRate - baselineRate)) : 1;
      return offsetMillis * ramp + slopeMillisPerRps * above;
    }
  }

  static Double meanWaitMillis(int servers, double serviceMillis, double waitFactor, double rate) {
    double load = rate * serviceMillis / 1000;
    if (saturated(servers, load)) {
      return null;
    }
    return ErlangC.probabilityOfWaiting(servers, load)
        / decayPerMilli(servers, serviceMillis, waitFactor, rate);
  }

  /** Load at (or within rounding of) the servers: the queue has no steady state. */
  private static boolean saturated(int servers, double load) {
    return load >= servers * (1 - 1e-9);
  }

  /** Rate of the exponential tail of the wait, per ms, Allen–Cunneen scaled. */
  private static double decayPerMilli(
      int servers, double serviceMillis, double waitFactor, double rate) {
    double perMilli = servers / serviceMillis - rate / 1000;
    return perMilli / waitFactor;
  }

  static Double gapPercentileMillis(
      int servers,
      double serviceMillis,
      double waitFactor,
      GapShape shape,
      double rate,
      double percentile) {
    double load = rate * serviceMillis / 1000;
    double[] quantiles = shape.lowLoadQuantilesMillis();
    if (saturated(servers, load) || quantiles.length == 0) {
      return null;
    }
    double waitProbability = ErlangC.probabilityOfWaiting(servers, load);
    double decay = decayPerMilli(servers, serviceMillis, waitFactor, rate);
    double p = percentile / 100;
    double low = quantiles[0];
    double tailWait = waitProbability > 1 - p ? Math.log(waitProbability / (1 - p)) / decay : 0;
    double high = quantiles[quantiles.length - 1] + tailWait + 1;
    for (int i = 0; i < 60; i++) {
      double mid = (low + high) / 2;
      if (gapCdf(mid, quantiles, waitProbability, decay) < p) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2 + shape.shiftMillis(rate);
  }

  /** P(low-load gap + wait ≤ t), the low-load gap being uniform over its quantiles. */
  private static double gapCdf(
      double t, double[] gapQuantiles, double waitProbability, double decay) {
    double sum = 0;
    for (double g : gapQuantiles) {
      double x = t - g;
      if (x >= 0) {
        sum += 1 - waitProbability * Math.exp(-decay * x);
      }
    }
    return sum / gapQuantiles.length;
  }
}
