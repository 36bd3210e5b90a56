package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.breaker.BreakerTrip;
import dev.ttftgap.breaker.CircuitBreaker;
import dev.ttftgap.config.SearchSettings;
import dev.ttftgap.config.Settings;
import dev.ttftgap.measure.ConnectionEstimator;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.preflight.Preflight;
import dev.ttftgap.profile.ConversationState;
import dev.ttftgap.profile.LengthDistribution;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadProfiles;
import dev.ttftgap.profile.PlannedRequest;
import dev.ttftgap.profile.PromptMode;
import dev.ttftgap.profile.RequestExtras;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.profile.Slo;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.report.CapacityConsole;
import dev.ttftgap.report.CapacityMarkdown;
import dev.ttftgap.report.CapacityReports;
import dev.ttftgap.report.RunJson;
import dev.ttftgap.servermetrics.MetricsScraper;
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * Everything a rising-load simulation needs besides its DSL: settings and load profile (validated
 * before any load), the target (the embedded engine unless a URL is given), the per-request
 * records, and the capacity report at the end. Simulations call it and stay thin: a whole
 * simulation reads (this is {@code dev.ttftgap.simulations.RisingRateSimulation}, which {@code
 * MeasurementRunIT} runs against an engine):
 *
 * <pre>{@code
 * public class RisingRateSimulation extends Simulation {
 *   // settings, load profile and target, validated before any load
 *   private final LoadRun run = LoadRun.prepare(RisingRateSimulation.class);
 *
 *   {
 *     setUp(run.population("streaming chat"))
 *         .protocols(run.protocol())
 *         .assertions(run.assertions())
 *         .maxDuration(run.maxDuration());
 *   }
 *
 *   public void before() {
 *     run.start(); // steps are timed from here
 *   }
 *
 *   public void after() {
 *     run.finish(); // records flushed, engine stopped, capacity report written
 *   }
 * }
 * }</pre>
 */
public final class LoadRun {
  private static final String PLANNED = "ttftgap.planned";
  private static final String CONVERSATION = "ttftgap.conversation";
  private final String simulationName;
  private final Settings settings;
  private final LoadProfile profile;
  private final StepSchedule schedule;
  private final Target target;
  private final RequestFactory requests;
  private final RequestExtras.ResolvedHeaders headers;
  private final AtomicLong nextRequest = new AtomicLong();
  private final AtomicLong nextConversation = new AtomicLong();
  private final Path recordsFile;
  private final RecordWriter records;
  private final ConnectionEstimator connections = new ConnectionEstimator();
  private final Path scrapeFile;
  private volatile MetricsScraper scraper;
  private final CircuitBreaker breaker;
  private final BreakerGate gate;
  private final LoadGeneratorProbes probes;
  private volatile long startNanos;
  private final SearchDriver search;

  private LoadRun(
      Class<?> simulation,
      Settings settings,
      LoadProfile profile,
      Target target,
      RequestExtras.ResolvedHeaders headers) {
    this.simulationName = simulation.getSimpleName().toLowerCase(java.util.Locale.ROOT);
    this.settings = settings;
    this.profile = profile;
    this.schedule = StepSchedule.of(profile.load());
    this.target = target;
    this.requests = RequestFactory.of(profile.request(), Optional.of(target.model()));
    this.headers = headers;
    this.recordsFile = RunOutputs.newRecordsFile(simulationName);
    this.records = RecordWriter.open(recordsFile);
    this.scrapeFile = RunOutputs.scrapeFileFor(recordsFile);
    this.breaker = new CircuitBreaker(profile.breaker());
    this.gate =
        new BreakerGate(
            breaker, records, Duration.ofSeconds(Math.min(profile.timeouts().streamSeconds(), 60)));
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
    // the probes cut their samples by step: the schedule's, or the phase a search is in
    this.probes =
        new LoadGeneratorProbes(
            recordsFile,
            search != null ? search::stepAt : elapsed -> schedule.stepAt(elapsed).index());
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
          RequestExtras.ResolvedHeaders headers =
              RequestExtras.resolve(profile.request().headers(), System::getenv);
          RunOutputs.checkWritable(settings);
          Target target =
              Target.resolve(
                  settings,
                  profile.request().model(),
                  profile.request().apiKeyHeader(),
                  headers,
                  workload(profile.request()));
          System.out.println(
              target.describe("load profile " + profile.name() + " [" + profile.source() + "]")
                  + (headers.values().isEmpty() ? "" : "; headers " + headers.describe()));
          System.out.println("ttft-gap: " + profile.breaker().summary());
          return new LoadRun(simulation, settings, profile, target, headers);
        });
  }

  /**
   * The most a request will ask (prompt tokens with the system prompt, max_tokens), for the
   * preflight's context-length check, with the prompt itself when every request sends the same one;
   * null when a dataset or conversations decide the lengths.
   */
  private static Preflight.Workload workload(RequestShape request) {
    if (request.dataset().isPresent() || request.conversation().isPresent()) {
      return null;
    }
    int system = request.systemPrompt().map(TokenCounter::count).orElse(0);
    int maxTokens = request.maxTokensDistribution().max();
    Optional<LengthDistribution> lengths = request.promptTokensDistribution();
    if (lengths.isPresent() && !lengths.get().isFixed()) {
      return new Preflight.Workload(lengths.get().max() + system, maxTokens);
    }
    String prompt = request.promptText();
    return new Preflight.Workload(
        TokenCounter.count(prompt) + system,
        maxTokens,
        request.maxTokensDistribution().isFixed() ? prompt : null);
  }

  /** The HTTP protocol for the target, with the load profile's headers. */
  public HttpProtocolBuilder protocol() {
    return target.protocol(profile.request().apiKeyHeader()).headers(headers.values());
  }

  /**
   * What a user does: one measured request with its own prompt, or, when the load profile holds
   * conversations, every turn of one conversation with the think time between turns; nothing more
   * once the circuit breaker has stopped the run.
   */
  public ChainBuilder request() {
    if (requests.multiTurn()) {
      return conversation();
    }
    return exec(gate.chain())
        .exec(session -> session.set(PLANNED, requests.single(nextRequest.getAndIncrement())))
        .exec(measured());
  }

  private ChainBuilder conversation() {
    Duration think =
        Duration.ofMillis(
            Math.round(profile.request().conversation().orElseThrow().thinkTimeSeconds() * 1000));
    return exec(session ->
            session.set(CONVERSATION, requests.conversation(nextConversation.getAndIncrement())))
        .asLongAs(session -> session.<ConversationState>get(CONVERSATION).hasNext())
        .on(
            exec(gate.chain())
                .exec(
                    session ->
                        session.set(PLANNED, session.<ConversationState>get(CONVERSATION).next()))
                .exec(measured())
                .exec(
                    session -> {
                      session
                          .<ConversationState>get(CONVERSATION)
                          .answered(session.getString(ChatRequestChain.ANSWER));
                      return session;
                    })
                .doIf(session -> session.<ConversationState>get(CONVERSATION).hasNext())
                .then(pause(think)))
        .exec(session -> session.remove(CONVERSATION).remove(PLANNED));
  }

  /** The request planned in the session, measured. */
  private ChainBuilder measured() {
    return ChatRequestChain.request(
        target.chatCompletionsUrl(),
        session -> session.<PlannedRequest>get(PLANNED).json(),
        this::contextOf,
        Duration.ofMillis(profile.timeouts().firstTokenMillis()),
        Duration.ofMillis(profile.timeouts().streamMillis()),
        records,
        settings.newConnectionPerUser() ? null : connections);
  }

  /**
   * The scenario injected as the load profile says: open stairs of rates or closed stairs of users.
   */
  public PopulationBuilder population(String scenarioName) {
    if (search != null) {
      return search.population(scenarioName, probes, request());
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
    scraper =
        target
            .metricsUrl()
            .map(url -> MetricsScraper.start(url, scrapeFile, target.apiKey(), System.out::println))
            .orElse(null);
    if (search != null) {
      search.start();
    }
    probes.start();
  }

  /** Call from {@code after()}: records flushed, engine stopped, capacity report written. */
  public void finish() {
    Optional<BreakerTrip> trip = breaker.trip();
    trip.ifPresent(
        t ->
            records.markInFlightAs(
                FailureReason.STOPPED_BY_BREAKER,
                "cut when the circuit breaker stopped the run: " + t.sentence()));
    if (search != null) {
      search.stop();
    }
    records.close();
    if (scraper != null) {
      scraper.stop();
    }
    target.close();
    Path runDir = RunOutputs.placeRecords(simulationName, recordsFile, settings);
    RunOutputs.placeScrapes(scrapeFile, runDir);
    probes.finish(runDir);
    List<String> notes =
        trip.map(t -> List.of("Circuit breaker: " + t.sentence() + ".")).orElse(List.of());
    CapacityOptions options = capacityOptions();
    RunJson.write(runDir, profile.name(), profile.source().toString(), options);
    CapacityReport report =
        CapacityReports.writeAll(
            List.of(runDir.resolve(RunOutputs.RECORDS_FILE)), runDir, options, notes);
    System.out.println(CapacityConsole.render(report));
    System.out.println(
        "ttft-gap: capacity report " + runDir.resolve(CapacityReports.HTML_FILE).toUri());
    CapacityMarkdown.appendToStepSummary(report);
    if (trip.isPresent()) {
      System.out.println(
          "ttft-gap: circuit breaker: "
              + trip.get().sentence()
              + "; exit status "
              + BreakerGate.EXIT_BREAKER
              + " (tune or switch it off in the profile's \"breaker\" object)");
      BreakerGate.exitNonZeroAtShutdown();
    }
  }

  /**
   * The profile's SLO (only the limits it gives: none at all without an {@code slo}), peak rate,
   * baseline, engine's saturation rate.
   */
  private CapacityOptions capacityOptions() {
    Optional<Slo> slo = profile.slo();
    return CapacityOptions.of(
        slo.flatMap(Slo::ttftP95Millis).map(Integer::doubleValue),
        slo.flatMap(Slo::gapP95Millis).map(Integer::doubleValue),
        slo.flatMap(Slo::errorRatePercent),
        settings.capacityPeakRate(),
        settings.baseline(),
        knownSaturationRate());
  }

  /**
   * The embedded engine's analytic capacity for this run's prompts (mean lengths); none for a
   * dataset or conversations, whose cache hits depend on their contents.
   */
  private Optional<Double> knownSaturationRate() {
    RequestShape shape = profile.request();
    if (shape.dataset().isPresent() || shape.conversation().isPresent()) {
      return Optional.empty();
    }
    int user =
        shape
            .promptTokensDistribution()
            .map(d -> (int) Math.round(d.sampleMean()))
            .orElseGet(() -> requests.single(0).promptTokens() - requests.sharedPrefixTokens());
    int output = (int) Math.round(shape.maxTokensDistribution().sampleMean());
    return target.knownSaturationRate(
        user, requests.sharedPrefixTokens(), requests.mode() == PromptMode.REPEATED, output);
  }

  private long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private RequestContext contextOf(Session session) {
    Step step = schedule.stepAt(elapsedMillis());
    boolean open = profile.load().open();
    PlannedRequest planned = session.get(PLANNED);
    RequestContext context =
        new RequestContext(
            simulationName,
            session.userId(),
            step.warmup() ? RequestPhase.WARMUP : RequestPhase.STEP,
            step.index(),
            step.label(),
            open ? step.level() : null,
            open ? null : (int) Math.round(step.level()),
            target.model(),
            planned.promptTokens(),
            planned.maxTokens(),
            profile.timeouts().idleMillis(),
            null,
            planned.prompts(),
            planned.sharedPrefixTokens(),
            planned.conversationId(),
            planned.turn());
    return search == null ? context : search.context(session, context);
  }
}
