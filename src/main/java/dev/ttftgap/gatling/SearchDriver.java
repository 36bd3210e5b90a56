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
import io.gatling.javaapi.core.OpenInjectionStep;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Runs a {@link RateSearch} inside one Gatling run, on a comb of candidate users ({@link
 * CombDriver}): the search admits those it wants ({@link RateSearch#admit}) and judges its phases
 * on every tick; each admitted request carries its phase.
 */
final class SearchDriver extends CombDriver {
  private final RateSearch search;
  private final Search config;
  private final double combRate;
  private final boolean poisson;

  SearchDriver(
      Load load,
      SearchSettings bracket,
      CapacityOptions slo,
      RecordWriter records,
      LongSupplier elapsedMillis) {
    super("search", elapsedMillis);
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
    records.onAppend(search::onRecord);
  }

  @Override
  Object admit(long userId, long nowMillis) {
    return search.admit(userId, nowMillis, combRate);
  }

  @Override
  RequestContext contextFor(Object admitted, RequestContext base) {
    Phase phase = (Phase) admitted;
    return base.withStep(phase.recordPhase(), phase.index(), phase.label(), phase.rate(), null);
  }

  @Override
  void tick(long nowMillis) {
    search.tick(nowMillis);
  }

  @Override
  boolean finished() {
    return search.finished();
  }

  /** The step the search is in (0: warm-up or a drain), whatever {@code elapsedMillis}. */
  @Override
  int stepAt(long elapsedMillis) {
    return search.phase().index();
  }

  @Override
  OpenInjectionStep candidates() {
    return candidates(combRate, config.maxDurationSeconds(), poisson);
  }

  @Override
  long boundSeconds() {
    return config.maxDurationSeconds();
  }
}
