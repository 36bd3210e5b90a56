package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The batching delay of {@link QueueModelFitter}: how the gap median grows with load where the
 * fitted queue predicts no median wait.
 */
final class BatchingLine {
  private BatchingLine() {}

  /**
   * Growth of the gap median with load where the fitted queue predicts no median wait (Erlang C
   * below 1/2), as {offset ms, slope ms per req/s}: least squares of (gap p50 − low-load gap p50)
   * on (λ − λ0) over those steps. A batching engine that is rarely idle makes every arrival wait
   * for the step under way (the offset, reached by the first step above the low-load one), and its
   * steps grow with the batch (the slope). With fewer than two such steps, or a negative intercept,
   * the line goes through the low-load point (offset 0); both parts are floored at 0.
   */
  static double[] batchingLine(
      List<FitStep> fitSteps,
      QueueParameterSearch.Best best,
      LowLoadReference baseline,
      double baselineRate) {
    List<double[]> points = new ArrayList<>();
    for (FitStep step : fitSteps) {
      double load = step.rate() * best.serviceMillis / 1000;
      double x = step.rate() - baselineRate;
      if (x > 0 && ErlangC.probabilityOfWaiting(best.servers, load) < 0.5) {
        points.add(new double[] {x, step.gapP50Millis() - baseline.gapP50Millis()});
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
}
