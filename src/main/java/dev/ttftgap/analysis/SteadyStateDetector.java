package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tells whether a step was in steady state: a step meets the SLO only if holding its load would
 * keep meeting it, which needs a queue that does not grow.
 *
 * <p>Algorithm overview, on the step window [t0, t1) (see {@link StepStatsCalculator}):
 *
 * <ol>
 *   <li>W = the median sojourn (e2e, else TTFT, else TTFB) of the step's requests. The settled
 *       window is [t0 + min(2·W, (t1 − t0)/4), t1): the first sojourns after a change of load are
 *       the system moving to its new level, not a trend.
 *   <li>Completions keep up (open model): the share of the step's requests that ended by t1 +
 *       {@value #SOJOURN_ALLOWANCE}·W must be at least {@value #MIN_COMPLETION_RATIO}. A server
 *       below its capacity finishes what arrives within a sojourn or two (two, so that a burst of
 *       Poisson arrivals just before the end does not count as falling behind); one above it falls
 *       behind by (λ − μ)/λ.
 *   <li>No upward trend of the requests in flight (open model): the settled window is cut into
 *       {@value #BATCHES} batches, the time-averaged number in flight of each (all requests,
 *       whichever step they started in) is regressed on time. The queue grows when the slope is
 *       positive with a t statistic above {@value #MIN_T_STATISTIC} <em>and</em> the fitted rise
 *       over the settled window is at least max({@value #MIN_RISE_REQUESTS} request, {@value
 *       #MIN_RISE_FRACTION} × the mean in flight): significant and large enough to matter.
 *   <li>No upward trend of the gap: the median gap of the requests that started in the last third
 *       of the settled window exceeds that of the first third by more than max({@value
 *       #GAP_FLOOR_MILLIS} ms, {@value #GAP_RISE_RATIO} × the first third's median); each third
 *       needs {@value #MIN_THIRD_SAMPLES} gaps.
 * </ol>
 *
 * <p>In a closed run the number in flight is the users and arrivals follow completions, so only the
 * gap test applies.
 *
 * <p>Assumptions: one clock for all records; a step long enough for several sojourns (with fewer
 * than {@value #MIN_REQUESTS} requests the step is not assessed: {@link #detect} returns null).
 * Batch means are autocorrelated, so the t statistic is optimistic; the minimum rise keeps a random
 * wander of a steady queue from counting as growth.
 *
 * <p>Parameters with defaults: completion ratio ≥ 0.97 within 2 median sojourns, 12 batches, t > 3,
 * rise ≥ max(1, 10 % of L), gap rise > max(20 ms, 50 %), 5 gaps per third. Worked example (engine
 * qwen3-8b-like, capacity 7.89 req/s): at 8 req/s for 20 s the completions reach 98 % of arrivals,
 * but the requests in flight rise 9.1 → 11.5 at +0.16/s (t ≫ 3) and the median gap 310 → 690 ms:
 * not steady, whatever its p95 says.
 */
public final class SteadyStateDetector {
  static final double MIN_COMPLETION_RATIO = 0.97;
  static final double SOJOURN_ALLOWANCE = 2;

  /** Batches the settled window is cut into for the in-flight trend. */
  public static final int BATCHES = 12;

  static final double MIN_T_STATISTIC = 3;
  static final double MIN_RISE_REQUESTS = 1;
  static final double MIN_RISE_FRACTION = 0.1;
  static final double GAP_FLOOR_MILLIS = 20;
  static final double GAP_RISE_RATIO = 0.5;
  static final int MIN_THIRD_SAMPLES = 5;

  /** Fewest requests a step needs to be assessed. */
  public static final int MIN_REQUESTS = 10;

  private SteadyStateDetector() {}

  /**
   * @param stepRecords the step's requests
   * @param all every request of the run (those in flight during the step count, whichever step they
   *     started in)
   * @param t0 start of the step window, epoch ms
   * @param t1 end of the step window, epoch ms
   * @param closed whether the run is a closed model (steps of users)
   * @return the verdict; null when the step has too few requests or no window to judge
   */
  static SteadyState detect(
      List<RequestRecord> stepRecords, List<RequestRecord> all, long t0, long t1, boolean closed) {
    List<Long> sojourns = sojourns(stepRecords);
    if (stepRecords.size() < MIN_REQUESTS || sojourns.isEmpty() || t1 <= t0) {
      return null;
    }
    double w = Percentiles.median(sojourns).orElseThrow();
    double ts = t0 + Math.min(2 * w, (t1 - t0) / 4.0);
    double length = t1 - ts;
    List<String> reasons = new ArrayList<>();

    Double completionRatio = null;
    Double firstL = null;
    Double lastL = null;
    Double growth = null;
    if (!closed) {
      completionRatio = endedRatio(stepRecords, t1, w);
      if (completionRatio < MIN_COMPLETION_RATIO) {
        reasons.add(
            String.format(
                Locale.ROOT,
                "only %.1f %% of its requests ended within two median sojourns (%.0f ms) of its end",
                100 * completionRatio,
                SOJOURN_ALLOWANCE * w));
      }
      double[] batches = inFlightBatches(all, ts, length);
      int third = BATCHES / 3;
      firstL = mean(batches, 0, third);
      lastL = mean(batches, BATCHES - third, BATCHES);
      growth = slope(batches, length / BATCHES / 1000)[0];
      String rising = backlogRising(batches, length);
      if (rising != null) {
        reasons.add(rising);
      }
    }

    Double firstGap = gapMedian(stepRecords, ts, ts + length / 3);
    Double lastGap = gapMedian(stepRecords, t1 - length / 3, t1);
    if (firstGap != null
        && lastGap != null
        && lastGap - firstGap > Math.max(GAP_FLOOR_MILLIS, GAP_RISE_RATIO * firstGap)) {
      reasons.add(
          String.format(Locale.ROOT, "its median gap rose %.0f → %.0f ms", firstGap, lastGap));
    }
    return new SteadyState(
        reasons.isEmpty(),
        reasons.isEmpty() ? null : String.join("; ", reasons),
        completionRatio,
        firstL,
        lastL,
        growth,
        firstGap,
        lastGap,
        completionRates(all, ts, length));
  }

  /** The sojourns of the step's requests that have one, ms. */
  private static List<Long> sojourns(List<RequestRecord> stepRecords) {
    List<Long> sojourns = new ArrayList<>();
    for (RequestRecord record : stepRecords) {
      Long sojourn = StepStatsCalculator.sojournMillis(record);
      if (sojourn != null) {
        sojourns.add(sojourn);
      }
    }
    return sojourns;
  }

  /** Share of the step's requests that ended within two median sojourns {@code w} of {@code t1}. */
  private static double endedRatio(List<RequestRecord> stepRecords, long t1, double w) {
    long ended = 0;
    for (RequestRecord record : stepRecords) {
      Long sojourn = StepStatsCalculator.sojournMillis(record);
      if (sojourn != null
          && record.timings().startEpochMillis() + sojourn <= t1 + SOJOURN_ALLOWANCE * w) {
        ended++;
      }
    }
    return (double) ended / stepRecords.size();
  }

  /**
   * The in-flight trend test (step 3 above) on {@code batchMeans}, the time-averaged requests in
   * flight of consecutive equal batches covering {@code lengthMillis}: the queue grows when the
   * fitted slope is positive with a t statistic above {@value #MIN_T_STATISTIC} and the fitted rise
   * over the window is at least max({@value #MIN_RISE_REQUESTS}, {@value #MIN_RISE_FRACTION} × the
   * mean). Shared with the live stop ({@code breaker.SaturationStop}), so that both call the same
   * backlog "rising".
   *
   * @return the reason in words, e.g. {@code the requests in flight rose 9.1 → 11.5 (+0.16 per s)};
   *     null when the backlog is not rising
   */
  public static String backlogRising(double[] batchMeans, double lengthMillis) {
    int n = batchMeans.length;
    int third = Math.max(1, n / 3);
    double[] fit = slope(batchMeans, lengthMillis / n / 1000);
    double growth = fit[0];
    double rise = growth * lengthMillis / 1000;
    double meanL = mean(batchMeans, 0, n);
    if (growth > 0
        && fit[1] > MIN_T_STATISTIC
        && rise >= Math.max(MIN_RISE_REQUESTS, MIN_RISE_FRACTION * meanL)) {
      return String.format(
          Locale.ROOT,
          "the requests in flight rose %.1f → %.1f (%+.2f per s)",
          mean(batchMeans, 0, third),
          mean(batchMeans, n - third, n),
          growth);
    }
    return null;
  }

  /** Successful completions per second of any request in each third of [from, from + length). */
  private static List<Double> completionRates(List<RequestRecord> all, double from, double length) {
    double third = length / 3;
    long[] counts = new long[3];
    for (RequestRecord record : all) {
      if (!record.ok() || record.timings().e2eMillis() == null) {
        continue;
      }
      double end = record.timings().startEpochMillis() + record.timings().e2eMillis();
      int i = (int) Math.floor((end - from) / third);
      if (end >= from && i >= 0 && i < 3) {
        counts[i]++;
      }
    }
    List<Double> rates = new ArrayList<>();
    for (long count : counts) {
      rates.add(count / (third / 1000));
    }
    return rates;
  }

  /**
   * Time-averaged requests in flight in each of {@link #BATCHES} batches of [from, from + length).
   */
  private static double[] inFlightBatches(List<RequestRecord> all, double from, double length) {
    double batch = length / BATCHES;
    double[] busy = new double[BATCHES];
    for (RequestRecord record : all) {
      Long sojourn = StepStatsCalculator.sojournMillis(record);
      if (sojourn == null) {
        continue;
      }
      double start = record.timings().startEpochMillis();
      double end = start + sojourn;
      if (end <= from || start >= from + length) {
        continue;
      }
      int first = (int) Math.max(0, Math.floor((start - from) / batch));
      int last = (int) Math.min(BATCHES - 1, Math.floor((end - from) / batch));
      for (int i = first; i <= last; i++) {
        double lo = from + i * batch;
        double hi = lo + batch;
        busy[i] += Math.max(0, Math.min(end, hi) - Math.max(start, lo));
      }
    }
    for (int i = 0; i < BATCHES; i++) {
      busy[i] /= batch;
    }
    return busy;
  }

  /** Least-squares slope of {@code y} over x = i·dx, and its t statistic (+∞ for an exact line). */
  static double[] slope(double[] y, double dx) {
    int n = y.length;
    double meanX = (n - 1) * dx / 2;
    double meanY = mean(y, 0, n);
    double sxx = 0;
    double sxy = 0;
    for (int i = 0; i < n; i++) {
      double x = i * dx - meanX;
      sxx += x * x;
      sxy += x * (y[i] - meanY);
    }
    double b = sxy / sxx;
    double residuals = 0;
    for (int i = 0; i < n; i++) {
      double e = y[i] - meanY - b * (i * dx - meanX);
      residuals += e * e;
    }
    double se = Math.sqrt(residuals / (n - 2) / sxx);
    double t = se > 0 ? b / se : (b > 0 ? Double.POSITIVE_INFINITY : 0);
    return new double[] {b, t};
  }

  private static double mean(double[] values, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += values[i];
    }
    return sum / (to - from);
  }

  private static Double gapMedian(List<RequestRecord> records, double from, double to) {
    List<Double> gaps = new ArrayList<>();
    for (RequestRecord record : records) {
      Double gap = record.ok() ? StepSamples.gapMillis(record) : null;
      if (gap != null
          && record.timings().startEpochMillis() >= from
          && record.timings().startEpochMillis() < to) {
        gaps.add(gap);
      }
    }
    return gaps.size() < MIN_THIRD_SAMPLES ? null : Percentiles.median(gaps).orElseThrow();
  }
}
