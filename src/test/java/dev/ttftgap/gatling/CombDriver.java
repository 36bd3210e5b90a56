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
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * A load whose rates are chosen while it runs ({@link SearchDriver}, {@link AutoStairsDriver}).
 * Gatling fixes its injection when the simulation starts, so the run offers a comb of candidate
 * users for the load's whole bound and the driver admits those it wants; the others end at once
 * without a request. A ticker advances the driver every {@value #TICK_MILLIS} ms, and once it is
 * done and every admitted request has ended, the next candidate stops the load generator, so the
 * run ends with one Gatling report and one records file.
 */
interface CombDriver {
  long TICK_MILLIS = 100;

  /** The candidates, admitted or not, and the stop once the driver is done. */
  PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request);

  /** The admitted request's context: the step, label and rate it was admitted for. */
  RequestContext context(Session session, RequestContext base);

  /** The step under way {@code elapsedMillis} into the run (0: warm-up, calibration or a drain). */
  int stepAt(long elapsedMillis);

  void start();

  void stop();

  /** A bound on the run: the driver's own plus one stream timeout for the last requests. */
  Duration maxDuration(int streamSeconds);

  /** What the report's verdicts should say first about the run's shape; none by default. */
  default List<String> runNotes() {
    return List.of();
  }

  /** Adds what the driver decided to the run folder's {@code run.json}; nothing by default. */
  default void writeInto(Path runDir) {}

  /**
   * The comb: every candidate's start goes to the health probes (the comb is what Gatling injects,
   * so its lateness is the injector's); {@code admit} marks the admitted ones with {@code
   * admittedKey}, which then send {@code request}; once {@code finished}, the next candidate stops
   * the load generator with {@code stopMessage}.
   */
  static PopulationBuilder comb(
      String scenarioName,
      LoadGeneratorProbes probes,
      ChainBuilder request,
      OpenInjectionStep comb,
      UnaryOperator<Session> admit,
      String admittedKey,
      BooleanSupplier finished,
      String stopMessage) {
    return scenario(scenarioName)
        .exec(probes.userStarted())
        .exec(admit::apply)
        .doIf(session -> session.contains(admittedKey))
        .then(request)
        .doIf(session -> finished.getAsBoolean())
        .then(stopLoadGenerator(stopMessage))
        .injectOpen(probes.plan(List.of(comb)));
  }

  /** {@code rate} candidates/s for {@code seconds}, evenly spaced or Poisson. */
  static OpenInjectionStep candidates(double rate, long seconds, boolean poisson) {
    return poisson
        ? constantUsersPerSec(rate).during(seconds).randomized()
        : constantUsersPerSec(rate).during(seconds);
  }

  /** A daemon thread named {@code name} that calls {@code tick} with the run's clock. */
  static ScheduledExecutorService ticker(String name, LongConsumer tick, LongSupplier clock) {
    ScheduledExecutorService ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, name);
              thread.setDaemon(true);
              return thread;
            });
    ticker.scheduleAtFixedRate(
        () -> tick.accept(clock.getAsLong()), TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    return ticker;
  }
}
