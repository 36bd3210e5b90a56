package dev.ttftgap.analysis;

import java.util.List;

/**
 * The search for c (servers) and S (mean service time, ms) of {@link QueueModelFitter}: a grid over
 * c and the top step's utilisation, then a finer search around the best point, minimising the
 * squared log error of the predicted queueing delay plus the two anchors (measured capacity and
 * measured service time); or, when no step queued, c and S from the anchors alone.
 */
final class QueueParameterSearch {
  private QueueParameterSearch() {}

  /**
   * c and S from the two measurements alone, when no step below saturation queued: S = the service
   * time measured at saturation, c = X·S rounded (at least 1), S then set to c / X so the model
   * saturates where the server did.
   */
  static Best anchors(double capacity, double measuredServiceMillis) {
    Best best = new Best();
    int servers = (int) Math.max(1, Math.round(capacity * measuredServiceMillis / 1000));
    best.offer(servers, servers / capacity * 1000, 0);
    return best;
  }

  /** Grid search over c and S, then a finer search around the best point. */
  static Best search(
      List<FitStep> fitSteps,
      double waitFactor,
      double floor,
      Double capacity,
      Double measuredService) {
    if (capacity != null && capacity > 0) {
      return searchBounded(fitSteps, waitFactor, floor, capacity, measuredService);
    }
    double maxRate = fitSteps.stream().mapToDouble(FitStep::rate).max().orElseThrow();
    Best best = new Best();
    for (int servers = 1; servers <= QueueModelFitter.MAX_SERVERS; servers = nextServers(servers)) {
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
        servers
            <= Math.min(QueueModelFitter.MAX_SERVERS, (int) Math.ceil(coarseServers * 1.25) + 1);
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

  /**
   * The search when saturation was measured at throughput X: the measured plateau bounds the
   * model's capacity c/S to ±{@value QueueModelFitter#CAPACITY_TOLERANCE} of it; coarse over c
   * (every c to 64, then 5 % apart), then every c around the best.
   */
  private static Best searchBounded(
      List<FitStep> fitSteps,
      double waitFactor,
      double floor,
      double capacity,
      Double measuredService) {
    Best best = new Best();
    for (int servers = 1; servers <= QueueModelFitter.MAX_SERVERS; servers = nextServers(servers)) {
      offerBounded(best, servers, capacity, waitFactor, fitSteps, floor, measuredService);
    }
    int coarse = best.servers;
    for (int servers = Math.max(1, (int) (coarse * 0.9) - 1);
        servers <= Math.min(QueueModelFitter.MAX_SERVERS, (int) Math.ceil(coarse * 1.1) + 1);
        servers++) {
      offerBounded(best, servers, capacity, waitFactor, fitSteps, floor, measuredService);
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
      double modelCapacity = capacity * (1 + QueueModelFitter.CAPACITY_TOLERANCE * k / 20.0);
      double serviceMillis = servers / modelCapacity * 1000;
      best.offer(
          servers,
          serviceMillis,
          objective(
              servers, serviceMillis, waitFactor, fitSteps, floor, capacity, measuredService));
    }
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
      Double predicted = QueueModel.meanWaitMillis(servers, serviceMillis, waitFactor, step.rate());
      double value = predicted == null ? 1e9 : predicted;
      double logRatio = Math.log((value + floor) / (step.delayMillis() + floor));
      sum += logRatio * logRatio;
    }
    if (capacity != null && capacity > 0) {
      double logRatio = Math.log(servers / serviceMillis * 1000 / capacity);
      sum += QueueModelFitter.ANCHOR_WEIGHT * steps.size() * logRatio * logRatio;
    }
    if (measuredServiceMillis != null && measuredServiceMillis > 0) {
      double logRatio = Math.log(serviceMillis / measuredServiceMillis);
      sum += QueueModelFitter.ANCHOR_WEIGHT * steps.size() * logRatio * logRatio;
    }
    return sum;
  }

  /** The best (c, S) offered so far: the lowest objective wins, the first of equals stays. */
  static final class Best {
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
