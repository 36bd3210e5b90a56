package dev.ttftgap.gatling;

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
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

/**
 * Runs a {@link RateSearch} inside one Gatling run, on a comb of candidate users ({@link
 * CombDriver}): the search admits those it wants ({@link RateSearch#admit}) and judges phases on
 * every tick. Each admitted request carries its phase: its step, label and rate in the records, its
 * group in Gatling's report.
 */
final class SearchDriver implements CombDriver {
  private static final String PHASE = "ttftgap.searchPhase";

  private final RateSearch search;
  private final Search config;
  private final double combRate;
  private final boolean poisson;
  private final LongSupplier elapsedMillis;
  private volatile ScheduledExecutorService ticker;

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

  @Override
  public PopulationBuilder population(
      String scenarioName, LoadGeneratorProbes probes, ChainBuilder request) {
    return CombDriver.comb(
        scenarioName,
        probes,
        request,
        CombDriver.candidates(combRate, config.maxDurationSeconds(), poisson),
        this::admit,
        PHASE,
        search::finished,
        "ttft-gap: search finished");
  }

  private Session admit(Session session) {
    Phase phase = search.admit(session.userId(), elapsedMillis.getAsLong(), combRate);
    return phase == null ? session : session.set(PHASE, phase);
  }

  @Override
  public RequestContext context(Session session, RequestContext base) {
    Phase phase = session.get(PHASE);
    return base.withStep(phase.recordPhase(), phase.index(), phase.label(), phase.rate(), null);
  }

  /** The step the search is in (0: warm-up or a drain), whatever {@code elapsedMillis}. */
  @Override
  public int stepAt(long elapsedMillis) {
    return search.phase().index();
  }

  @Override
  public void start() {
    ticker = CombDriver.ticker("ttft-gap-search", search::tick, elapsedMillis);
  }

  @Override
  public void stop() {
    if (ticker != null) {
      ticker.shutdownNow();
    }
  }

  /** The search's bound plus one stream timeout for the last requests. */
  @Override
  public Duration maxDuration(int streamSeconds) {
    return Duration.ofSeconds(config.maxDurationSeconds())
        .plusSeconds(Math.min(streamSeconds, 120));
  }
}
