package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.config.SearchSettings;
import dev.ttftgap.config.Settings;
import dev.ttftgap.measure.ConnectionEstimator;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.ChatRequestBody;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadProfiles;
import dev.ttftgap.profile.Slo;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.report.CapacityConsole;
import dev.ttftgap.report.CapacityMarkdown;
import dev.ttftgap.report.CapacityReports;
import dev.ttftgap.tokens.TokenCounter;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Everything a rising-load simulation needs besides its DSL: settings and profile (validated before
 * any load), the target (the embedded engine unless a URL is given), the per-request records, and
 * the capacity report at the end. Simulations call it and stay thin.
 */
public final class LoadRun {
  private final String simulationName;
  private final Settings settings;
  private final LoadProfile profile;
  private final StepSchedule schedule;
  private final Target target;
  private final ChatRequestBody body;
  private final int promptTokens;
  private final Path recordsFile;
  private final RecordWriter records;
  private final ConnectionEstimator connections = new ConnectionEstimator();
  private final LoadGeneratorProbes probes;
  private volatile long startNanos;
  private final SearchDriver search;

  private LoadRun(Class<?> simulation, Settings settings, LoadProfile profile, Target target) {
    this.simulationName = simulation.getSimpleName().toLowerCase(java.util.Locale.ROOT);
    this.settings = settings;
    this.profile = profile;
    this.schedule = StepSchedule.of(profile.load());
    this.target = target;
    this.body = ChatRequestBody.of(profile.request(), Optional.of(target.model()));
    this.promptTokens =
        TokenCounter.count(body.promptText())
            + profile.request().systemPrompt().map(TokenCounter::count).orElse(0);
    this.recordsFile = RunOutputs.newRecordsFile(simulationName);
    this.records = RecordWriter.open(recordsFile);
    this.probes = new LoadGeneratorProbes(recordsFile, schedule);
    this.startNanos = System.nanoTime();
    this.search =
        profile.load().search().isPresent()
            ? new SearchDriver(
                profile.load(),
                SearchSettings.load(),
                capacityOptions(),
                records,
                this::elapsedMillis)
            : null;
  }

  /** Validates everything and sets up the target; fails with one line before any load is sent. */
  public static LoadRun prepare(Class<?> simulation) {
    return OneLineFailure.guard(
        () -> {
          Settings settings = Settings.load();
          LoadProfile profile =
              LoadProfiles.load(
                  settings.profile(),
                  Path.of(System.getProperty("ttftgap.simulationsDir", "simulations")));
          Target target = Target.resolve(settings, profile.request().model());
          System.out.println(
              target.describe("load profile " + profile.name() + " [" + profile.source() + "]"));
          return new LoadRun(simulation, settings, profile, target);
        });
  }

  /** The HTTP protocol for the target. */
  public HttpProtocolBuilder protocol() {
    return target.protocol();
  }

  /** One measured request. */
  public ChainBuilder request() {
    return ChatRequestChain.request(
        target.chatCompletionsUrl(),
        session -> body.json(),
        this::contextOf,
        Duration.ofMillis(profile.timeouts().firstTokenMillis()),
        Duration.ofMillis(profile.timeouts().streamMillis()),
        records,
        settings.newConnectionPerUser() ? null : connections);
  }

  /** The scenario injected as the profile says: open stairs of rates or closed stairs of users. */
  public PopulationBuilder population(String scenarioName) {
    if (search != null) {
      return search.population(scenarioName, request());
    }
    if (profile.load().open()) {
      ScenarioBuilder scenario = scenario(scenarioName).exec(probes.userStarted(), request());
      return scenario.injectOpen(probes.plan(Injection.open(schedule)));
    }
    long total = schedule.totalDurationMillis();
    ScenarioBuilder scenario =
        scenario(scenarioName)
            .exec(probes.userStarted())
            .asLongAs(session -> elapsedMillis() < total)
            .on(request());
    return scenario.injectClosed(Injection.closed(schedule));
  }

  /** The profile's SLO as Gatling assertions on the steps it covers. */
  public List<Assertion> assertions() {
    // a search names its steps as it goes; its verdict is the held rate in the capacity report
    return search != null ? List.of() : SloAssertions.of(profile, schedule);
  }

  /** A bound on the run: the schedule plus one stream timeout to let the last requests finish. */
  public Duration maxDuration() {
    if (search != null) {
      return search.maxDuration(profile.timeouts().streamSeconds());
    }
    return Duration.ofMillis(schedule.totalDurationMillis())
        .plusSeconds(Math.min(profile.timeouts().streamSeconds(), 120));
  }

  /** Call from {@code before()}: the step of a request is computed from this instant. */
  public void start() {
    startNanos = System.nanoTime();
    if (search != null) {
      search.start();
    } else {
      // the probes cut their samples by the schedule's steps; a search names its steps as it
      // goes, so a search runs without them (no health verdict) for now
      probes.start();
    }
  }

  /** Call from {@code after()}: records flushed, engine stopped, capacity report written. */
  public void finish() {
    if (search != null) {
      search.stop();
    }
    records.close();
    target.close();
    Path runDir = RunOutputs.placeRecords(simulationName, recordsFile, settings);
    probes.finish(runDir);
    CapacityReport report =
        CapacityReports.writeAll(
            List.of(runDir.resolve(RunOutputs.RECORDS_FILE)), runDir, capacityOptions());
    System.out.println(CapacityConsole.render(report));
    System.out.println(
        "ttft-gap: capacity report " + runDir.resolve(CapacityReports.HTML_FILE).toUri());
    CapacityMarkdown.appendToStepSummary(report);
  }

  /**
   * The profile's SLO (defaults where it sets none), peak rate, baseline, engine's saturation rate.
   */
  private CapacityOptions capacityOptions() {
    Optional<Slo> slo = profile.slo();
    return new CapacityOptions(
        slo.flatMap(Slo::ttftP95Millis)
            .map(Integer::doubleValue)
            .orElse(CapacityOptions.DEFAULT_SLO_TTFT_P95_MILLIS),
        slo.flatMap(Slo::gapP95Millis)
            .map(Integer::doubleValue)
            .orElse(CapacityOptions.DEFAULT_SLO_GAP_P95_MILLIS),
        slo.flatMap(Slo::errorRatePercent).orElse(CapacityOptions.DEFAULT_SLO_ERROR_RATE_PERCENT),
        settings.capacityPeakRate(),
        settings.baseline(),
        target.knownSaturationRate());
  }

  private long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private RequestContext contextOf(Session session) {
    Step step = schedule.stepAt(elapsedMillis());
    boolean open = profile.load().open();
    RequestContext context =
        new RequestContext(
            simulationName,
            session.userId(),
            step.warmup() ? RequestRecord.WARMUP : RequestRecord.STEP,
            step.index(),
            step.label(),
            open ? step.level() : null,
            open ? null : (int) Math.round(step.level()),
            target.model(),
            promptTokens,
            profile.request().maxTokens(),
            profile.timeouts().idleMillis(),
            null);
    return search == null ? context : search.context(session, context);
  }
}
