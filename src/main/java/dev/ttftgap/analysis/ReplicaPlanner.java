package dev.ttftgap.analysis;

/**
 * Sizes the number of replicas for a target peak rate.
 *
 * <p>Algorithm overview, open run: measured — ceil(peak / max sustainable rate under the SLO),
 * which is never above the saturation rate (see {@link SloEvaluator}). Model — the highest
 * per-replica rate λ* at which the fitted queue's predicted p95 gap ≤ the gap limit and low-load
 * p95 TTFB + predicted p95 gap ≤ the TTFT limit (bisection over 0..c/S), then ceil(peak / λ*). The
 * one recommended count sizes each replica for the lower of the sustainable rate and the model's
 * SLO rate under Poisson arrivals (Ca² = 1): a real peak comes from many independent users,
 * whatever the test's arrivals were; N × per-replica rate ≥ peak, and the utilisation it implies is
 * peak / (N × saturation rate).
 *
 * <p>Closed run ({@link #planClosed}): measured — ceil(peak / X*), X* the throughput at the max
 * concurrency N* under the SLO, so each replica holds at most N* streams; plateau — ceil(peak / X),
 * X the plateau throughput: the fewest replicas that can complete the peak at all (each at
 * capacity, its queue as long as the clients make it).
 *
 * <p>Assumptions: a load balancer spreads arrivals evenly over independent replicas (each one its
 * own queue, no pooling); the error limit is met below saturation. The closed-run figures hold for
 * clients that behave like the measured population (a fixed pool of users or agents, each waiting
 * for its answer); open arrivals at the same rate, bursty and unbounded, queue more than a closed
 * population does near the plateau, so for them the closed figures are a lower bound.
 *
 * <p>Parameters with defaults: 60 bisection rounds. Example: peak 50 rps, 9 rps per replica → 6
 * replicas.
 */
final class ReplicaPlanner {
  private ReplicaPlanner() {}

  static Replicas plan(
      double peakRate,
      SloVerdict slo,
      QueueModel model,
      LowLoadReference baseline,
      CapacityOptions options,
      Double saturationRate) {
    Integer fromMeasured =
        slo.maxSustainableRate() != null && slo.maxSustainableRate() > 0
            ? (int) Math.ceil(peakRate / slo.maxSustainableRate() - 1e-9)
            : null;
    Double perReplica = model == null ? null : modelMaxRate(model, baseline, options);
    Integer fromModel =
        perReplica != null && perReplica > 0 ? (int) Math.ceil(peakRate / perReplica - 1e-9) : null;
    Double sustainable = slo.maxSustainableRate();
    Double poisson =
        model == null ? null : modelMaxRate(model.withArrivalCv2(1), baseline, options);
    Double sized = sustainable;
    String basis = slo.method() == SloMethod.HELD ? "held" : "steady_steps";
    if (poisson != null && poisson > 0 && (sized == null || poisson < sized)) {
      sized = poisson;
      basis = "model_poisson";
    }
    Integer recommended = count(peakRate, sized);
    Double utilisation =
        recommended == null || saturationRate == null
            ? null
            : 100 * peakRate / (recommended * saturationRate);
    return new Replicas(
        peakRate,
        fromMeasured,
        slo.lowerBound(),
        perReplica,
        fromModel,
        null,
        null,
        null,
        recommended,
        recommended == null ? null : sized,
        utilisation,
        recommended == null ? null : basis);
  }

  private static Integer count(double peakRate, Double perReplica) {
    return perReplica != null && perReplica > 0
        ? (int) Math.ceil(peakRate / perReplica - 1e-9)
        : null;
  }

  /** The closed-run plan: from the SLO-meeting throughput and from the plateau throughput. */
  static Replicas planClosed(double peakRate, SloVerdict slo, Saturation saturation) {
    Double perReplica = slo.throughputAtMaxConcurrency();
    Integer fromMeasured =
        perReplica != null && perReplica > 0 ? (int) Math.ceil(peakRate / perReplica - 1e-9) : null;
    Double plateau = saturation.reached() ? saturation.saturationRate() : null;
    Integer fromPlateau =
        plateau != null && plateau > 0 ? (int) Math.ceil(peakRate / plateau - 1e-9) : null;
    return new Replicas(
        peakRate,
        fromMeasured,
        slo.lowerBound(),
        null,
        null,
        fromMeasured == null ? null : slo.maxConcurrency(),
        plateau,
        fromPlateau,
        fromMeasured,
        fromMeasured == null ? null : perReplica,
        fromMeasured == null || plateau == null ? null : 100 * peakRate / (fromMeasured * plateau),
        fromMeasured == null ? null : "slo_throughput");
  }

  static Double modelMaxRate(QueueModel model, LowLoadReference baseline, CapacityOptions options) {
    double ttfbP95 =
        baseline == null || Double.isNaN(baseline.ttfbP95Millis()) ? 0 : baseline.ttfbP95Millis();
    double low = 0;
    double high = model.saturationRate();
    if (!meets(model, low, ttfbP95, options)) {
      return null;
    }
    for (int i = 0; i < 60; i++) {
      double mid = (low + high) / 2;
      if (meets(model, mid, ttfbP95, options)) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return low;
  }

  private static boolean meets(
      QueueModel model, double rate, double ttfbP95, CapacityOptions options) {
    Double gapP95 = model.predictedGapMillis(rate, 95);
    return gapP95 != null
        && gapP95 <= options.slo().gapP95LimitMillis()
        && ttfbP95 + gapP95 <= options.slo().ttftP95LimitMillis();
  }
}
