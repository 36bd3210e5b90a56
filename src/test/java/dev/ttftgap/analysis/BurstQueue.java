package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import dev.ttftgap.servermetrics.MetricSample;
import dev.ttftgap.servermetrics.MetricsDialect;
import dev.ttftgap.servermetrics.Scrape;
import dev.ttftgap.servermetrics.ServerMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A launch spike through a deterministic single-server FIFO queue of known capacity μ: arrivals
 * evenly spaced at the base rate, the burst rate, then the base rate again (each shifted by a
 * seeded jitter of ±10 % of its spacing), every request served for exactly 1/μ s in arrival order.
 * A request's TTFT is its wait plus the prefill, its e2e the wait plus the service time. The fluid
 * queue's drain after the burst is {@code (λb − μ)·T / (μ − λ0)}, which the analysis must measure.
 */
final class BurstQueue {
  static final long T0 = SyntheticRun.EPOCH_START;
  static final String MODEL = "m";

  double mu = 10;
  double baseRate = 5;
  double burstRate = 20;
  int beforeSeconds = 20;
  int burstSeconds = 10;
  int afterSeconds = 40;
  int windowSeconds = 5;
  double prefillMillis = 30;
  long seed = 7;

  private List<Request> requests;

  /** One simulated request, ms from the run's start. */
  record Request(int step, double arrival, double serviceStart) {}

  double analyticDrainSeconds() {
    return (burstRate - mu) * burstSeconds / (mu - baseRate);
  }

  BurstPlan plan() {
    return new BurstPlan(baseRate, burstRate, burstSeconds, windowSeconds);
  }

  CapacityOptions options() {
    return CapacityOptions.defaults().withBurst(plan());
  }

  /** The fitted queue a G/G/1 fit of this server would give: one server, S = 1/μ. */
  QueueModel model(double fittedMu) {
    return new QueueModel(
        "M/D/1",
        1,
        1000 / fittedMu,
        1,
        0,
        0.5,
        1000 / fittedMu,
        fittedMu,
        "gap",
        "curve",
        5,
        1,
        0,
        0,
        baseRate,
        baseRate,
        List.of(),
        List.of());
  }

  List<Request> requests() {
    if (requests == null) {
      requests = simulate();
    }
    return requests;
  }

  List<RequestRecord> records() {
    double serviceMillis = 1000 / mu;
    List<RequestRecord> records = new ArrayList<>();
    int n = 0;
    for (Request r : requests()) {
      long start = T0 + Math.round(r.arrival());
      long wait = Math.round(r.serviceStart() - r.arrival());
      double rate = r.step() == BurstPlan.BURST_STEP ? burstRate : baseRate;
      int user = n++;
      records.add(
          TestRecords.builder()
              .identity(id -> id.userId(user))
              .level(lv -> lv.phase(RequestPhase.STEP).step(r.step()).offeredRate(rate))
              .input(in -> in.model(MODEL))
              .timings(
                  t ->
                      t.startEpochMillis(start)
                          .ttfbMillis(2L)
                          .ttftMillis(wait + Math.round(prefillMillis))
                          .gapMillis(wait + Math.round(prefillMillis) - 2)
                          .e2eMillis(wait + Math.round(serviceMillis)))
              .build());
    }
    return records;
  }

  /** A vLLM scrape every second in [fromSeconds, toSeconds): the requests waiting for service. */
  List<Scrape> scrapes(int fromSeconds, int toSeconds) {
    return scrapes(MetricsDialect.VLLM, fromSeconds, toSeconds);
  }

  /**
   * A scrape every second in [fromSeconds, toSeconds) in {@code dialect}'s names: the requests
   * waiting for service, for this run's model and, where the server labels models, 1000 waiting for
   * another model served beside it (which the analysis must not count).
   */
  List<Scrape> scrapes(MetricsDialect dialect, int fromSeconds, int toSeconds) {
    String family = dialect.name(ServerMetric.WAITING).orElseThrow();
    List<Scrape> scrapes = new ArrayList<>();
    for (int s = fromSeconds; s < toSeconds; s++) {
      double at = s * 1000.0;
      long waiting =
          requests().stream().filter(r -> r.arrival() <= at && r.serviceStart() > at).count();
      List<MetricSample> samples =
          dialect.modelLabel()
              ? List.of(
                  new MetricSample(family, Map.of("model_name", MODEL), waiting),
                  new MetricSample(family, Map.of("model_name", "other"), 1000))
              : List.of(new MetricSample(family, Map.of(), waiting));
      scrapes.add(new Scrape(T0 + s * 1000L, "http://127.0.0.1:1/metrics", samples, null));
    }
    return scrapes;
  }

  /** The most requests waiting at once, at any arrival. */
  long peakWaiting() {
    return requests().stream()
        .mapToLong(
            a ->
                requests().stream()
                    .filter(r -> r.arrival() <= a.arrival() && r.serviceStart() > a.arrival())
                    .count())
        .max()
        .orElse(0);
  }

  private List<Request> simulate() {
    Random random = new Random(seed);
    List<Request> out = new ArrayList<>();
    double serviceMillis = 1000 / mu;
    double free = 0;
    double[] ends = {
      beforeSeconds * 1000.0,
      (beforeSeconds + burstSeconds) * 1000.0,
      (beforeSeconds + burstSeconds + afterSeconds) * 1000.0
    };
    double[] rates = {baseRate, burstRate, baseRate};
    double from = 0;
    for (int step = 0; step < 3; step++) {
      double spacing = 1000 / rates[step];
      for (double t = from; t < ends[step]; t += spacing) {
        double arrival = Math.max(from, t + (random.nextDouble() - 0.5) * 0.2 * spacing);
        double serviceStart = Math.max(arrival, free);
        free = serviceStart + serviceMillis;
        out.add(new Request(step + 1, arrival, serviceStart));
      }
      from = ends[step];
    }
    return out;
  }
}
