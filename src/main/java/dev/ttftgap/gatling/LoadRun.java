package dev.ttftgap.gatling;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.CapacityReport;
import dev.ttftgap.breaker.BreakerTrip;
import dev.ttftgap.breaker.CircuitBreaker;
import dev.ttftgap.breaker.SaturationStop;
import dev.ttftgap.config.RunPart;
import dev.ttftgap.config.SearchSettings;
import dev.ttftgap.config.Settings;
import dev.ttftgap.config.StopWhenSaturated;
import dev.ttftgap.measure.ConnectionEstimator;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.merge.PartManifest;
import dev.ttftgap.preflight.Preflight;
import dev.ttftgap.profile.ConversationState;
import dev.ttftgap.profile.InjectionStep;
import dev.ttftgap.profile.LengthDistribution;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadProfiles;
import dev.ttftgap.profile.LoadSplit;
import dev.ttftgap.profile.PlannedRequest;
import dev.ttftgap.profile.ProfileOverrides;
import dev.ttftgap.profile.PromptMode;
import dev.ttftgap.profile.RequestExtras;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.profile.Slo;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.StepLevel;
import dev.ttftgap.report.CapacityConsole;
import dev.ttftgap.report.CapacityMarkdown;
import dev.ttftgap.report.CapacityReports;
import dev.ttftgap.report.RunHeader;
import dev.ttftgap.report.RunJson;
import dev.ttftgap.servermetrics.MetricsScraper;
import dev.ttftgap.tokens.TokenCalibration;
import dev.ttftgap.tokens.TokenCounter;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
  private final String runName;
  private final java.time.Instant startedAt = java.time.Instant.now();
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
  // a search or auto stairs: users admitted from a comb as the run goes; null for fixed steps
  private final CombDriver comb;
  private final StepProgress progress;
  private final RunPart part;
  private final LoadSplit split;
  private volatile Optional<Path> ownRunFolder = Optional.empty();

  private LoadRun(
      Class<?> simulation,
      Settings settings,
      LoadProfile profile,
      Target target,
      RequestExtras.ResolvedHeaders headers,
      RunPart part) {
    this.simulationName = simulation.getSimpleName().toLowerCase(java.util.Locale.ROOT);
    // the parts of a split run may share a reports folder and start in the same second
    this.runName =
        RunOutputs.runName(
            part.split()
                ? profile.name() + "-part" + part.injector() + "of" + part.injectorCount()
                : profile.name(),
            startedAt);
    this.settings = settings;
    this.profile = profile;
    this.schedule = StepSchedule.of(profile.load());
    this.target = target;
    this.requests =
        RequestFactory.of(
            profile.request(), Optional.of(target.model()), target.tokenCalibration());
    this.headers = headers;
    this.recordsFile = RunOutputs.newRecordsFile(runName);
    this.records = RecordWriter.open(recordsFile);
    this.part = part;
    this.split = LoadSplit.of(profile.load(), part.injector(), part.injectorCount());
    records.stamp(
        r -> r.withPart(part.injector(), part.injectorCount(), part.host(), part.runId()));
    this.scrapeFile = RunOutputs.scrapeFileFor(recordsFile);
    this.breaker = new CircuitBreaker(profile.breaker());
    this.gate =
        new BreakerGate(
            breaker, records, Duration.ofSeconds(Math.min(profile.timeouts().streamSeconds(), 60)));
    if (stopWhenSaturated(settings, profile, part)) {
      gate.watch(
          new SaturationStop(
              BreakerGate.stairs(schedule),
              profile.timeouts().streamMillis(),
              !requests.multiTurn()),
          this::elapsedMillis);
      System.out.println(
          "ttft-gap: the stairs stop once a step is saturated and its backlog rises"
              + " (-Dload.stopWhenSaturated=false to climb on)");
    }
    this.startNanos = System.nanoTime();
    this.comb =
        profile.load().search().isPresent()
            ? new SearchDriver(
                profile.load(),
                SearchSettings.load(),
                capacityOptions(),
                records,
                this::elapsedMillis)
            : profile.load().autoStairs().isPresent()
                ? new AutoStairsDriver(profile.load(), records, this::elapsedMillis)
                : null;
    // the probes cut their samples by step: the schedule's, or the phase a search is in
    this.probes =
        new LoadGeneratorProbes(
            recordsFile, comb != null ? comb::stepAt : elapsed -> schedule.stepAt(elapsed).index());
    // a search or auto stairs name their steps as they go and print their own phases
    this.progress =
        comb == null
            ? new StepProgress(
                schedule,
                Math.min(profile.timeouts().streamMillis(), 120_000L),
                this::elapsedMillis,
                System.out::println)
            : null;
    if (progress != null) {
      records.onAppend(progress::onRecord);
    }
  }

  /** Validates everything and sets up the target; fails with one line before any load is sent. */
  public static LoadRun prepare(Class<?> simulation) {
    return OneLineFailure.guard(
        () -> {
          Settings settings = Settings.load();
          ProfileOverrides overrides = ProfileOverrides.load();
          LoadProfile profile =
              LoadProfiles.load(
                  settings.profile(),
                  Path.of(System.getProperty("ttftgap.simulationsDir", "simulations")),
                  overrides);
          RequestExtras.ResolvedHeaders headers =
              RequestExtras.resolve(profile.request().headers(), System::getenv);
          RunOutputs.checkWritable(settings);
          RunPart part = RunPart.load(profile.name());
          checkSplit(part, profile, settings);
          stopWhenSaturated(settings, profile, part); // a bad value fails before the preflight
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
          System.out.println("ttft-gap: load profile " + overrides.describe());
          if (part.split() || part.startAt().isPresent()) {
            System.out.println(
                "ttft-gap: injector "
                    + part.label()
                    + " of run "
                    + part.runId()
                    + " on "
                    + part.host()
                    + part.startAt().map(at -> ", starting at " + at).orElse(""));
          }
          return new LoadRun(simulation, settings, profile, target, headers, part);
        });
  }

  /**
   * A split run must be splittable, load one server (not an embedded engine per injector) and not
   * be late already; checked before the preflight sends anything.
   */
  private static void checkSplit(RunPart part, LoadProfile profile, Settings settings) {
    LoadSplit.of(profile.load(), part.injector(), part.injectorCount());
    if (part.split() && settings.baseUrl().isEmpty()) {
      throw new IllegalArgumentException(
          "injector "
              + part.label()
              + ": the parts of a split run must load one server, and each injector would start"
              + " its own embedded engine; set LLM_BASE_URL (e.g. a standalone engine's"
              + " http://HOST:8000/v1)");
    }
    part.untilStart(java.time.Instant.now());
  }

  /** Whether the stairs stop at a saturated step ({@code load.stopWhenSaturated}), validated. */
  private static boolean stopWhenSaturated(Settings settings, LoadProfile profile, RunPart part) {
    return StopWhenSaturated.resolve(
        System.getProperties(),
        profile.load().stopWhenSaturated(),
        !settings.usesEmbeddedEngine(),
        profile.load().open()
            && profile.load().search().isEmpty()
            && profile.load().autoStairs().isEmpty(),
        part.split());
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
        .exec(
            session ->
                session.set(
                    PLANNED,
                    requests.single(
                        split.requestIndex(nextRequest.getAndIncrement())
                            + part.promptIndexOffset())))
        .exec(measured());
  }

  private ChainBuilder conversation() {
    Duration think =
        Duration.ofMillis(
            Math.round(profile.request().conversation().orElseThrow().thinkTimeSeconds() * 1000));
    return exec(session ->
            session.set(
                CONVERSATION,
                requests.conversation(
                    split.requestIndex(nextConversation.getAndIncrement())
                        + part.promptIndexOffset())))
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
    if (comb != null) {
      return comb.population(scenarioName, probes, request());
    }
    List<InjectionStep> steps = split.injectionSteps(schedule.injectionSteps());
    if (profile.load().open()) {
      // a split run's part schedules every arrival of the profile and sends every N-th
      ScenarioBuilder scenario =
          split.split()
              ? scenario(scenarioName)
                  .exec(probes.userStarted())
                  .doIf(session -> split.sends(session.userId()))
                  .then(request())
              : scenario(scenarioName).exec(probes.userStarted(), request());
      return scenario.injectOpen(probes.plan(Injection.open(steps)));
    }
    long total = schedule.totalDurationMillis();
    ScenarioBuilder scenario =
        scenario(scenarioName)
            .exec(probes.userStarted())
            .asLongAs(session -> elapsedMillis() < total)
            .on(request());
    return scenario.injectClosed(Injection.closed(steps));
  }

  /** The profile's SLO as Gatling assertions on the steps it covers. */
  public List<Assertion> assertions() {
    // a search or auto stairs name their steps as they go; the capacity report judges them
    return comb != null ? List.of() : SloAssertions.of(profile, schedule);
  }

  /** A bound on the run: the schedule plus one stream timeout to let the last requests finish. */
  public Duration maxDuration() {
    if (comb != null) {
      return comb.maxDuration(profile.timeouts().streamSeconds());
    }
    return Duration.ofMillis(schedule.totalDurationMillis())
        .plusSeconds(Math.min(profile.timeouts().streamSeconds(), 120));
  }

  /** Call from {@code before()}: the step of a request is computed from this instant. */
  public void start() {
    ownRunFolder = RunOutputs.ownRunFolder();
    awaitStart();
    startNanos = System.nanoTime();
    scraper =
        target
            .metricsUrl()
            .map(url -> MetricsScraper.start(url, scrapeFile, target.apiKey(), System.out::println))
            .orElse(null);
    if (comb != null) {
      comb.start();
    } else {
      progress.start();
    }
    probes.start();
    gate.start();
  }

  /**
   * Waits for {@code run.startAt}, so that every injector's steps start at the same instant; an
   * injector ready too late stops with one line instead of skewing its steps.
   */
  private void awaitStart() {
    Duration wait = OneLineFailure.guard(() -> part.untilStart(java.time.Instant.now()));
    if (wait.isZero()) {
      return;
    }
    System.out.println(
        "ttft-gap: injector "
            + part.label()
            + " waits "
            + wait.toMillis()
            + " ms for the start at "
            + part.startAt().orElseThrow());
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      while (deadline - System.nanoTime() > 2_000_000) {
        Thread.sleep(Math.max(1, (deadline - System.nanoTime()) / 1_000_000 - 1));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for run.startAt", e);
    }
    while (System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
  }

  /** Call from {@code after()}: records flushed, engine stopped, capacity report written. */
  public void finish() {
    Optional<BreakerTrip> trip = breaker.trip();
    gate.stop();
    gate.markInFlight();
    if (comb != null) {
      comb.stop();
    }
    int cut = records.inFlight(); // written as cut by the client when the records close
    records.close();
    if (progress != null) {
      progress.finish();
    }
    // before the engine stops: what the run left on the server (scraped twice, ≤ 9 s)
    ServerLeftovers.stopAndTell(scraper, cut, System.out);
    target.close();
    // Gatling may open its simulation.log only after before(): look again now
    Optional<Path> own = RunOutputs.ownRunFolder().or(() -> ownRunFolder);
    Path gatlingDir = RunOutputs.placeRecords(simulationName, runName, recordsFile, settings, own);
    Path runDir = RunEnding.rename(gatlingDir, runName);
    RunOutputs.placeScrapes(scrapeFile, runDir);
    new RunHeader(
            runName,
            profile.name(),
            target.endpoint(),
            target.model(),
            startedAt.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString())
        .writeInto(runDir);
    probes.finish(runDir);
    new PartManifest(
            part.runId(),
            part.injector(),
            part.injectorCount(),
            part.host(),
            simulationName,
            profile.name(),
            profileSha256(),
            part.startAt().map(Object::toString).orElse(null))
        .write(runDir);
    List<String> notes = new ArrayList<>();
    gate.saturationVerdict().ifPresent(v -> notes.add(v.note()));
    trip.ifPresent(t -> notes.add("Circuit breaker: " + t.sentence() + "."));
    ProfileOverrides overrides = ProfileOverrides.load(); // validated by prepare()
    if (!overrides.isEmpty()) {
      notes.add("Load profile " + profile.name() + " " + overrides.describe() + ".");
    }
    if (comb != null) {
      notes.addAll(comb.runNotes());
    }
    if (split.split()) {
      notes.add(
          "Part "
              + part.label()
              + " of run "
              + part.runId()
              + ": its rates and users are this injector's share; merge the "
              + part.injectorCount()
              + " parts' run folders with CapacityMain for the run's figures.");
    }
    CapacityOptions options = capacityOptions();
    RunJson.write(runDir, profile.name(), profile.source().toString(), options);
    if (comb != null) {
      comb.writeInto(runDir);
    }
    CapacityReport report =
        CapacityReports.writeAll(
            List.of(runDir.resolve(RunOutputs.RECORDS_FILE)), runDir, options, notes);
    CapacityMarkdown.appendToStepSummary(report);
    System.out.println(
        "ttft-gap: run "
            + runName
            + " done; the verdict follows Gatling's summary ("
            + runDir.resolve(CapacityReports.HTML_FILE).toUri()
            + ")");
    RunEnding.atExit(
        gatlingDir,
        runDir,
        folder -> closingBlock(folder, report, trip),
        trip.isPresent() ? BreakerGate.EXIT_BREAKER : 0);
  }

  /**
   * The block printed last, after Gatling's own summary and assertions: what ran, where its reports
   * are, then the step table and the verdicts, so that the verdict is the last thing on screen.
   */
  private String closingBlock(Path runDir, CapacityReport report, Optional<BreakerTrip> trip) {
    String rule = "=".repeat(100);
    StringBuilder block = new StringBuilder("\n").append(rule).append('\n');
    block
        .append("ttft-gap: run ")
        .append(runName)
        .append(" · load profile ")
        .append(profile.name())
        .append(" · target ")
        .append(target.endpoint())
        .append(" · model ")
        .append(target.model())
        .append('\n');
    block
        .append("ttft-gap: capacity report ")
        .append(runDir.resolve(CapacityReports.HTML_FILE).toUri())
        .append('\n');
    if (java.nio.file.Files.exists(runDir.resolve("index.html"))) {
      block
          .append("ttft-gap: Gatling's report ")
          .append(runDir.resolve("index.html").toUri())
          .append(" (one request row per request, named ttft: its time is the TTFT)\n");
    }
    trip.ifPresent(
        t ->
            block
                .append("ttft-gap: circuit breaker: ")
                .append(t.sentence())
                .append("; exit status ")
                .append(BreakerGate.EXIT_BREAKER)
                .append(" (tune or switch it off in the profile's \"breaker\" object)\n"));
    block.append(CapacityConsole.render(report));
    return block.append(rule).toString();
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
    // the capacity model counts the engine's cl100k tokens of the messages, without the template
    TokenCalibration calibration = requests.calibration();
    int user =
        calibration.contentTokensFor(
            shape
                .promptTokensDistribution()
                .map(d -> (int) Math.round(d.sampleMean()))
                .orElseGet(
                    () -> requests.single(0).promptTokens() - requests.sharedPrefixTokens()));
    int output = (int) Math.round(shape.maxTokensDistribution().sampleMean());
    return target.knownSaturationRate(
        user,
        calibration.cl100kFor(requests.sharedPrefixTokens()),
        requests.mode() == PromptMode.REPEATED,
        output);
  }

  /** SHA-256 of the profile file as read (of the parsed profile when it came from no file). */
  private String profileSha256() {
    try {
      return PartManifest.sha256(
          java.nio.file.Files.isRegularFile(profile.source())
              ? java.nio.file.Files.readAllBytes(profile.source())
              : profile.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private RequestContext contextOf(Session session) {
    Step step = schedule.stepAt(elapsedMillis());
    boolean open = profile.load().open();
    PlannedRequest planned = session.get(PLANNED);
    if (progress != null) {
      progress.started(step.index());
    }
    RequestContext context =
        new RequestContext(
            RequestIdentity.of(runName, session.userId()),
            new StepLevel(
                step.warmup() ? RequestPhase.WARMUP : RequestPhase.STEP,
                step.index(),
                step.label(),
                open ? split.rate(step.level()) : null,
                open ? null : split.users((int) Math.round(step.level()))),
            RequestInput.builder()
                .model(target.model())
                .promptTokens(planned.promptTokens())
                .maxTokens(planned.maxTokens())
                .prompts(planned.prompts())
                .sharedPrefixTokens(planned.sharedPrefixTokens())
                .conversationId(planned.conversationId())
                .turn(planned.turn())
                .build(),
            profile.timeouts().idleMillis());
    return comb == null ? context : comb.context(session, context);
  }
}
