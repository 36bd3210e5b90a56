package dev.ttftgap.breaker;

import dev.ttftgap.analysis.Percentiles;
import dev.ttftgap.analysis.SaturationDetector;
import dev.ttftgap.analysis.SteadyStateDetector;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * What {@link SaturationStop} judges: the arrivals, successful completions and in-flight samples of
 * the last {@value #MAX_WINDOW_MILLIS} ms and the last {@value #SOJOURN_MEMORY} sojourns, and the
 * judged window of the step under way. Not thread-safe: the stop calls it under its own lock.
 */
final class SaturationWindow {
  static final long MAX_WINDOW_MILLIS = 30_000;
  static final long MIN_WINDOW_MILLIS = 5_000;
  static final int SOJOURN_MEMORY = 50;
  static final double DEFICIT_SIGMAS = 1.5;

  private final Deque<Long> arrivals = new ArrayDeque<>();
  private final Deque<Long> completions = new ArrayDeque<>();
  private final Deque<long[]> samples = new ArrayDeque<>();
  private final Deque<Long> sojourns = new ArrayDeque<>();

  /** A request was sent at {@code nowMillis}. */
  void arrived(long nowMillis) {
    arrivals.addLast(nowMillis);
    trim(arrivals, nowMillis);
  }

  /** A request succeeded at {@code nowMillis}. */
  void completed(long nowMillis) {
    completions.addLast(nowMillis);
    trim(completions, nowMillis);
  }

  /** A request ended after {@code sojournMillis} (e2e, else TTFT, else TTFB). */
  void sojourn(long sojournMillis) {
    sojourns.addLast(sojournMillis);
    if (sojourns.size() > SOJOURN_MEMORY) {
      sojourns.removeFirst();
    }
  }

  /** {@code inFlight} requests were in flight at {@code nowMillis}. */
  void sample(long nowMillis, int inFlight) {
    samples.addLast(new long[] {nowMillis, inFlight});
    while (!samples.isEmpty() && samples.getFirst()[0] < nowMillis - MAX_WINDOW_MILLIS) {
      samples.removeFirst();
    }
  }

  /**
   * A judged window: {@code seconds} long, {@code arrived} arrivals at {@code offeredRate} offered
   * (+∞ when unknown in requests), {@code completed} successful completions.
   */
  record Judged(double offeredRate, double seconds, long arrived, long completed, String backlog) {
    double arrivalRate() {
      return arrived / seconds;
    }

    double achievedRate() {
      return completed / seconds;
    }

    boolean stop() {
      // arrivals as offered at most: a burst above the offered rate is not saturation
      double arrivals = Math.min(arrived, offeredRate * seconds);
      return backlog != null
          && completed < SaturationDetector.THRESHOLD_RATIO * arrivals
          && arrivals - completed >= DEFICIT_SIGMAS * Math.sqrt(arrivals);
    }
  }

  /** The window's figures; null when it cannot be judged yet. */
  Judged judge(SaturationStop.Stair stair, long nowMillis, boolean ratesAreRequests) {
    long duration = stair.endMillis() - stair.startMillis();
    long settle = duration / 4;
    if (!sojourns.isEmpty()) {
      settle =
          Math.min(settle, Math.round(2 * Percentiles.median(List.copyOf(sojourns)).orElseThrow()));
    }
    long from = Math.max(stair.startMillis() + settle, nowMillis - MAX_WINDOW_MILLIS);
    long length = nowMillis - from;
    long settled = duration - settle;
    long needed =
        Math.min(
            Math.min(Math.max(MIN_WINDOW_MILLIS, settled / 2), MAX_WINDOW_MILLIS), settled * 3 / 4);
    if (length <= 0 || length < needed) {
      return null;
    }
    long arrived = arrivals.stream().filter(t -> t >= from && t < nowMillis).count();
    List<long[]> window = samples.stream().filter(s -> s[0] >= from).toList();
    if (arrived < SteadyStateDetector.MIN_REQUESTS
        || window.size() < 2 * SteadyStateDetector.BATCHES) {
      return null;
    }
    long completed = completions.stream().filter(t -> t >= from && t < nowMillis).count();
    double seconds = length / 1000.0;
    return new Judged(
        ratesAreRequests ? stair.rate() : Double.POSITIVE_INFINITY,
        seconds,
        arrived,
        completed,
        SteadyStateDetector.backlogRising(batchMeans(window, from, length), length));
  }

  /** Mean of the samples in each of the equal batches of [from, from + length). */
  private static double[] batchMeans(List<long[]> window, long from, long length) {
    int n = SteadyStateDetector.BATCHES;
    double[] sums = new double[n];
    int[] counts = new int[n];
    for (long[] s : window) {
      int i = (int) Math.min(n - 1, (s[0] - from) * n / Math.max(1, length));
      sums[i] += s[1];
      counts[i]++;
    }
    double[] means = new double[n];
    double last = window.get(0)[1];
    for (int i = 0; i < n; i++) {
      // a batch without a sample (a late timer) keeps the previous level
      last = counts[i] > 0 ? sums[i] / counts[i] : last;
      means[i] = last;
    }
    return means;
  }

  private static void trim(Deque<Long> times, long nowMillis) {
    while (!times.isEmpty() && times.getFirst() < nowMillis - MAX_WINDOW_MILLIS) {
      times.removeFirst();
    }
  }
}
