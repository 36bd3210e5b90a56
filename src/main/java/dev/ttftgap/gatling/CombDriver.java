package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.measure.RequestContext;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A load whose rates are chosen while it runs ({@link SearchDriver}, {@link AutoStairsDriver}).
 * Gatling fixes its injection when the simulation starts, so the run offers a comb of candidate
 * users for the load's whole bound and the driver admits those it wants; the others end at once
 * without a request. A ticker advances the driver every {@value #TICK_MILLIS} ms, and once it is
 * done and every admitted request has ended, the next candidate stops the load generator, so the
 * run ends with one Gatling report and one records file. Each admitted request carries what it was
 * admitted for (its step, label and rate in the records, its group in Gatling's report).
 */
abstract class CombDriver {
  static final long TICK_MILLIS = 100;
  private static final String ADMITTED = "ttftgap.admitted";

  private final String tickerName;
  private final LongSupplier elapsedMillis;
  private volatile ScheduledExecutorService ticker;

  /**
   * @param tickerName the ticker thread's name
   * @param elapsedMillis the run's clock: ms since the run started
   */
  CombDriver(String tickerName, LongSupplier elapsedMillis) {
    this.tickerName = tickerName;
    this.elapsedMillis = elapsedMillis;
  }

  /** What the candidate {@code userId} at {@code nowMillis} is admitted for, or null. */
  abstract Object admit(long userId, long nowMillis);

  /** The admitted request's context, from what it was admitted for. */
  abstract RequestContext contextFor(Object admitted, RequestContext base);

  /** Advances the driver. */
  abstract void tick(long nowMillis);

  /** True once the driver is done and every request it admitted has ended. */
  abstract boolean finished();

  /** The step under way {@code elapsedMillis} into the run (0: warm-up, calibration or a drain). */
  abstract int stepAt(long elapsedMillis);

  /** The comb's candidates: rate and arrival process, for the driver's whole bound. */
  abstract OpenInjectionStep candidates();

  /** The driver's bound on the run, s. */
  abstract long boundSeconds();

  /** What the report's verdicts should say first about the run's shape; none by default. */
  List<String> runNotes() {
    return List.of();
  }

  /** Adds what the driver decided to the run folder's {@code run.json}; nothing by default. */
  void writeInto(Path runDir) {}

  /**
   * The candidates, admitted or not, and the stop once the driver is done. Every candidate's start
   * goes to the health probes: the comb is what Gatling injects, so its lateness is the injector's.
   */
  final PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request) {
    return scenario(scenarioName)
        .exec(probes.userStarted())
        .exec(
            session -> {
              Object admitted = admit(session.userId(), elapsedMillis.getAsLong());
              return admitted == null ? session : session.set(ADMITTED, admitted);
            })
        .doIf(session -> session.contains(ADMITTED))
        .then(request)
        .doIf(session -> finished())
        .then(stopLoadGenerator("ttft-gap: " + tickerName + " finished"))
        .injectOpen(probes.plan(List.of(candidates())));
  }

  /** The admitted request's context. */
  final RequestContext context(Session session, RequestContext base) {
    return contextFor(session.get(ADMITTED), base);
  }

  final void start() {
    ScheduledExecutorService thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "ttft-gap-" + tickerName);
              t.setDaemon(true);
              return t;
            });
    thread.scheduleAtFixedRate(
        () -> tick(elapsedMillis.getAsLong()), TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    ticker = thread;
  }

  final void stop() {
    ScheduledExecutorService thread = ticker;
    if (thread != null) {
      thread.shutdownNow();
    }
  }

  /** The driver's bound plus one stream timeout (at most 120 s) for the last requests. */
  final Duration maxDuration(int streamSeconds) {
    return Duration.ofSeconds(boundSeconds()).plusSeconds(Math.min(streamSeconds, 120));
  }

  /** {@code rate} candidates/s for {@code seconds}, evenly spaced or Poisson. */
  static OpenInjectionStep candidates(double rate, long seconds, boolean poisson) {
    return poisson
        ? constantUsersPerSec(rate).during(seconds).randomized()
        : constantUsersPerSec(rate).during(seconds);
  }
}
