package dev.ttftgap.analysis;

import java.util.List;

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
 * @param serviceCv2 Cs²: squared coefficient of variation of the service time (1 for M/M/c)
 * @param measuredServiceTimeMillis mean service time (low-load gap + e2e − TTFT) where the servers
 *     were busiest, ms, the anchor of S; null when undefined
 * @param saturationRate c / S, requests/s: the rate at which the modelled queue grows without bound
 * @param delaySource what the model was fitted to: {@code "gap"} (mean gap − low-load mean gap) or
 *     {@code "server_queue_time"} (the server's reported queue time)
 * @param fitMapePercent mean absolute percentage error of the predicted vs measured gap p50 over
 *     the fitted steps
 * @param fitMeanAbsErrorMillis mean absolute error of the predicted vs measured mean queueing delay
 *     over the fitted steps, ms
 * @param fittedSteps per fitted step, measured vs predicted
 * @param curve predicted gap at evenly spaced rates from 0 up to just below saturation
 * @param lowLoadGapQuantilesMillis the low-load gap distribution (100 quantiles, ms) the wait is
 *     added to
 */
public record QueueModel(
    String name,
    int servers,
    double serviceTimeMillis,
    double serviceCv2,
    Double measuredServiceTimeMillis,
    double saturationRate,
    String delaySource,
    double fitMapePercent,
    double fitMeanAbsErrorMillis,
    List<ModelStepFit> fittedSteps,
    List<ModelPoint> curve,
    List<Double> lowLoadGapQuantilesMillis) {

  public QueueModel {
    fittedSteps = List.copyOf(fittedSteps);
    curve = List.copyOf(curve);
    lowLoadGapQuantilesMillis = List.copyOf(lowLoadGapQuantilesMillis);
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

  /** Mean wait in the queue at {@code rate} requests/s, ms; null at or beyond saturation. */
  public Double predictedMeanWaitMillis(double rate) {
    return meanWaitMillis(servers, serviceTimeMillis, serviceCv2, rate);
  }

  /**
   * The {@code percentile} (0..100) of the gap at {@code rate} requests/s, ms: low-load gap plus
   * the queue wait; null at or beyond saturation.
   */
  public Double predictedGapMillis(double rate, double percentile) {
    double[] quantiles =
        lowLoadGapQuantilesMillis.stream().mapToDouble(Double::doubleValue).toArray();
    return gapPercentileMillis(servers, serviceTimeMillis, serviceCv2, quantiles, rate, percentile);
  }

  static Double meanWaitMillis(int servers, double serviceMillis, double cv2, double rate) {
    double load = rate * serviceMillis / 1000;
    if (load >= servers) {
      return null;
    }
    return ErlangC.probabilityOfWaiting(servers, load)
        / decayPerMilli(servers, serviceMillis, cv2, rate);
  }

  /** Rate of the exponential tail of the wait, per ms, Allen–Cunneen scaled. */
  private static double decayPerMilli(int servers, double serviceMillis, double cv2, double rate) {
    double perMilli = servers / serviceMillis - rate / 1000;
    return perMilli * 2 / (1 + cv2);
  }

  static Double gapPercentileMillis(
      int servers,
      double serviceMillis,
      double cv2,
      double[] gapQuantiles,
      double rate,
      double percentile) {
    double load = rate * serviceMillis / 1000;
    if (load >= servers || gapQuantiles.length == 0) {
      return null;
    }
    double waitProbability = ErlangC.probabilityOfWaiting(servers, load);
    double decay = decayPerMilli(servers, serviceMillis, cv2, rate);
    double p = percentile / 100;
    double low = gapQuantiles[0];
    double tailWait = waitProbability > 1 - p ? Math.log(waitProbability / (1 - p)) / decay : 0;
    double high = gapQuantiles[gapQuantiles.length - 1] + tailWait + 1;
    for (int i = 0; i < 60; i++) {
      double mid = (low + high) / 2;
      if (gapCdf(mid, gapQuantiles, waitProbability, decay) < p) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
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
