package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;

/**
 * What a fluid queue predicts of a launch spike: above capacity μ the backlog grows at {@code
 * (burstRate − μ)} for the burst's T seconds, then drains at {@code (μ − baseRate)}.
 *
 * <p>μ comes from the fitted queue when there is one ({@code c / S}, the model's saturation rate),
 * else from the burst's own throughput: successful completions per second that ended inside the
 * burst, which is the server's capacity only while a backlog kept it busy. The backlog counts as
 * grown when, over the burst's second half (past the ramp-up, once a below-capacity burst has
 * settled), the successful completions fall short of the arrivals by more than {@value
 * #GROWTH_RATIO}× and at least {@value #MIN_SHORTFALL} requests; a burst that kept up gives no μ.
 * The rates are the measured arrivals of the burst and of the base after it (the drain happens
 * under the latter; the base before stands in without it), else the plan's.
 *
 * <p>Worked example: μ = 10 req/s, a burst of 20 req/s for 10 s over a base of 5 req/s: backlog (20
 * − 10) × 10 = 100 requests, drained in 100 / (10 − 5) = 20 s.
 *
 * @param capacityRate μ, requests/s; null when unknown
 * @param capacitySource {@value #FITTED} or {@value #THROUGHPUT}; null with μ
 * @param backlog requests queued at the burst's end; null without μ
 * @param drainSeconds the backlog's drain time; null without μ or when μ ≤ the base rate
 * @param baseRate the base rate used, requests/s
 * @param burstRate the burst rate used, requests/s
 */
record RecoveryPrediction(
    Double capacityRate,
    String capacitySource,
    Double backlog,
    Double drainSeconds,
    double baseRate,
    double burstRate) {
  static final String FITTED = "fitted queue";
  static final String THROUGHPUT = "burst throughput";

  /** How much the arrivals must exceed the completions for the backlog to count as grown. */
  static final double GROWTH_RATIO = 1.1;

  /** ... and by how many requests at least, so that a handful of arrivals proves nothing. */
  static final int MIN_SHORTFALL = 3;

  /** The prediction from the fitted queue when there is one, else from the burst's throughput. */
  static RecoveryPrediction of(
      BurstPlan plan,
      BurstTimeline timeline,
      List<RequestRecord> all,
      List<StepStats> steps,
      QueueModel model) {
    double burstRate = measuredRate(steps, BurstPlan.BURST_STEP, plan.burstRate());
    double baseRate =
        measuredRate(
            steps,
            BurstPlan.AFTER_STEP,
            measuredRate(steps, BurstPlan.BEFORE_STEP, plan.baseRate()));
    if (model != null && model.saturationRate() > 0 && Double.isFinite(model.saturationRate())) {
      return at(model.saturationRate(), FITTED, plan, baseRate, burstRate);
    }
    return fromThroughput(plan, timeline, all, baseRate, burstRate);
  }

  /** The prediction from the burst's throughput; μ null when the backlog did not grow. */
  static RecoveryPrediction fromThroughput(
      BurstPlan plan,
      BurstTimeline timeline,
      List<RequestRecord> all,
      double baseRate,
      double burstRate) {
    Double mu = burstThroughput(timeline, all, plan.burstSeconds());
    return mu == null
        ? new RecoveryPrediction(null, null, null, null, baseRate, burstRate)
        : at(mu, THROUGHPUT, plan, baseRate, burstRate);
  }

  private static RecoveryPrediction at(
      double mu, String source, BurstPlan plan, double baseRate, double burstRate) {
    double backlog = Math.max(0, (burstRate - mu) * plan.burstSeconds());
    Double drain = mu > baseRate ? backlog / (mu - baseRate) : null;
    return new RecoveryPrediction(mu, source, backlog, drain, baseRate, burstRate);
  }

  /**
   * Successful completions per second that ended inside the burst; null when the burst's backlog
   * did not grow (see the class Javadoc) or the burst lasted 0 s.
   */
  static Double burstThroughput(BurstTimeline timeline, List<RequestRecord> all, int seconds) {
    if (seconds <= 0) {
      return null;
    }
    long start = timeline.burstStartMillis();
    long end = timeline.burstEndMillis();
    long middle = start + (end - start) / 2;
    long lateArrivals =
        timeline.ofStep(BurstPlan.BURST_STEP).stream()
            .filter(r -> r.timings().startEpochMillis() >= middle)
            .filter(r -> r.timings().startEpochMillis() < end)
            .count();
    long lateCompletions = completions(all, middle, end);
    boolean grew =
        lateArrivals > GROWTH_RATIO * lateCompletions
            && lateArrivals - lateCompletions >= MIN_SHORTFALL;
    return grew ? completions(all, start, end) * 1000.0 / (end - start) : null;
  }

  /** Successful requests whose end (start + e2e) falls in [from, to). */
  private static long completions(List<RequestRecord> all, long fromMillis, long toMillis) {
    return all.stream()
        .filter(RequestRecord::ok)
        .filter(r -> r.timings().e2eMillis() != null)
        .map(r -> r.timings().startEpochMillis() + r.timings().e2eMillis())
        .filter(endMillis -> endMillis >= fromMillis && endMillis < toMillis)
        .count();
  }

  private static double measuredRate(List<StepStats> steps, int step, double fallback) {
    return steps.stream()
        .filter(s -> s.step() == step)
        .map(s -> s.rates().arrivalRate())
        .filter(rate -> rate != null && rate > 0)
        .findFirst()
        .orElse(fallback);
  }
}
