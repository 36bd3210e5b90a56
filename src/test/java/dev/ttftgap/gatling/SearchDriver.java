package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.config.SearchSettings;
import dev.ttftgap.config.SettingsException;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.Load;
import dev.ttftgap.profile.Search;
import dev.ttftgap.profile.Warmup;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.search.Phase;
import dev.ttftgap.search.RateSearch;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Runs a {@link RateSearch} inside one Gatling run. Gatling fixes its injection when the simulation
 * starts, so the run offers a comb of candidate users for the search's whole bound and the search
 * admits those it wants ({@link RateSearch#admit}); the others end at once without a request. A
 * ticker judges phases every {@value #TICK_MILLIS} ms, and once the search has decided and every
 * admitted request has ended, the next candidate stops the load generator, so the run ends with one
 * Gatling report and one records file. Each admitted request carries its phase: its step, label and
 * rate in the records, its group in Gatling's report.
 */
final class SearchDriver {
  static final long TICK_MILLIS = 100;
  private static final String PHASE = "ttftgap.searchPhase";

  private final RateSearch search;
  private final Search config;
  private final double combRate;
  private final boolean poisson;
  private final LongSupplier elapsedMillis;
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread thread = new Thread(r, "ttft-gap-search");
            thread.setDaemon(true);
            return thread;
          });

  SearchDriver(
      Load load,
      SearchSettings bracket,
      CapacityOptions slo,
      RecordWriter records,
      LongSupplier elapsedMillis) {
    this.config = load.search().orElseThrow().within(bracket.startRate(), bracket.maxRate());
    if (config.startRate() > config.maxRate()) {
      throw new SettingsException(
          "search.startRate: "
              + config.startRate()
              + " is above the profile's maxRate ("
              + config.maxRate()
              + "); give -Dsearch.maxRate too");
    }
    Optional<Warmup> warmup = load.warmup();
    this.poisson = load.arrivals().orElse(Load.Arrivals.UNIFORM) == Load.Arrivals.POISSON;
    this.search = new RateSearch(config, slo, warmup, poisson, System.out::println);
    this.combRate = RateSearch.combRate(config, warmup);
    this.elapsedMillis = elapsedMillis;
    records.onAppend(search::onRecord);
  }

  /**
   * The candidates, admitted or not, and the stop once the search is done. Every candidate's start
   * goes to the health probes: the comb is what Gatling injects, so its lateness is the injector's.
   */
  PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request) {
    OpenInjectionStep comb =
        poisson
            ? constantUsersPerSec(combRate).during(config.maxDurationSeconds()).randomized()
            : constantUsersPerSec(combRate).during(config.maxDurationSeconds());
    return scenario(scenarioName)
        .exec(probes.userStarted())
        .exec(this::admit)
        .doIf(session -> session.contains(PHASE))
        .then(request)
        .doIf(session -> search.finished())
        .then(stopLoadGenerator("ttft-gap: search finished"))
        .injectOpen(probes.plan(List.of(comb)));
  }

  private Session admit(Session session) {
    Phase phase = search.admit(session.userId(), elapsedMillis.getAsLong(), combRate);
    return phase == null ? session : session.set(PHASE, phase);
  }

  /** The admitted request's context: its phase's step, label and rate. */
  RequestContext context(Session session, RequestContext base) {
    Phase phase = session.get(PHASE);
    return new RequestContext(
        base.run(),
        base.userId(),
        phase.recordPhase(),
        phase.index(),
        phase.label(),
        phase.rate(),
        null,
        base.model(),
        base.promptTokens(),
        base.maxTokens(),
        base.idleTimeoutMillis(),
        base.newConnection(),
        base.prompts(),
        base.sharedPrefixTokens(),
        base.conversationId(),
        base.turn());
  }

  /** The step the search is in {@code elapsedMillis} into the run (0: warm-up or a drain). */
  int stepAt(long elapsedMillis) {
    return search.phase().index();
  }

  void start() {
    ticker.scheduleAtFixedRate(
        () -> search.tick(elapsedMillis.getAsLong()),
        TICK_MILLIS,
        TICK_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  void stop() {
    ticker.shutdownNow();
  }

  /** The search's bound plus one stream timeout for the last requests. */
  Duration maxDuration(int streamSeconds) {
    return Duration.ofSeconds(config.maxDurationSeconds())
        .plusSeconds(Math.min(streamSeconds, 120));
  }
}
