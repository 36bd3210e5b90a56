package dev.ttftgap.gatling;

import dev.ttftgap.breaker.BreakerTrip;
import dev.ttftgap.breaker.CircuitBreaker;
import dev.ttftgap.config.RunPart;
import dev.ttftgap.measure.ConnectionEstimator;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.profile.ClassDraw;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadSplit;
import dev.ttftgap.profile.PlannedRequest;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.profile.Step;
import dev.ttftgap.profile.StepSchedule;
import dev.ttftgap.record.InjectorPart;
import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.StepLevel;
import dev.ttftgap.servermetrics.MetricsScraper;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What every {@link LoadRun} has, whatever its mode: the run's name and clock, the records file and
 * its writer, the circuit breaker and its gate, the metrics scraper, and the start and finish
 * around the mode's own steps ({@link ModeSteps}). The reports at the end are {@link RunFinish}'s.
 */
final class RunCommon {
  private final String simulationName;
  private final String runName;
  private final Instant startedAt = Instant.now();
  private final RunSetup setup;
  private final StepSchedule schedule;
  private final List<RunClass> classes;
  private final ClassDraw draw;
  private final Path recordsFile;
  private final RecordWriter records;
  private final ConnectionEstimator connections = new ConnectionEstimator();
  private final Path scrapeFile;
  private volatile MetricsScraper scraper;
  private final CircuitBreaker breaker;
  private final BreakerGate gate;
  private volatile long startNanos;
  private final LoadSplit split;
  private volatile Optional<Path> ownRunFolder = Optional.empty();

  RunCommon(Class<?> simulation, RunSetup setup) {
    LoadProfile profile = setup.profile();
    RunPart part = setup.part();
    Target target = setup.target();
    this.simulationName = simulation.getSimpleName().toLowerCase(java.util.Locale.ROOT);
    // the parts of a split run may share a reports folder and start in the same second
    this.runName =
        RunOutputs.runName(
            part.split()
                ? profile.name() + "-part" + part.injector() + "of" + part.injectorCount()
                : profile.name(),
            startedAt);
    this.setup = setup;
    this.schedule = StepSchedule.of(profile.load());
    this.classes = RunClass.of(profile, target.model(), target.tokenCalibration());
    this.draw =
        profile.hasClasses()
            ? ClassDraw.of(profile.classes(), profile.request().prompt().seed())
            : null;
    this.recordsFile = RunOutputs.newRecordsFile(runName);
    this.records = RecordWriter.open(recordsFile);
    this.split = LoadSplit.of(profile.load(), part.injector(), part.injectorCount());
    records.stamp(
        r ->
            r.withPart(
                new InjectorPart(
                    part.injector(), part.injectorCount(), part.host(), part.runId())));
    this.scrapeFile = RunOutputs.scrapeFileFor(recordsFile);
    this.breaker = new CircuitBreaker(profile.breaker());
    this.gate =
        new BreakerGate(
            breaker, records, Duration.ofSeconds(Math.min(profile.timeouts().streamSeconds(), 60)));
    this.startNanos = System.nanoTime();
  }

  RunSetup setup() {
    return setup;
  }

  String simulationName() {
    return simulationName;
  }

  String runName() {
    return runName;
  }

  Instant startedAt() {
    return startedAt;
  }

  StepSchedule schedule() {
    return schedule;
  }

  /** The first class's bodies (the only ones without classes): what run-wide figures read. */
  RequestFactory requests() {
    return classes.get(0).requests();
  }

  /** The run's classes in profile order (one, without a name, for a profile without classes). */
  List<RunClass> classes() {
    return classes;
  }

  /** The position in {@link #classes()} of the run-wide arrival {@code index}. */
  int classOf(long index) {
    return draw == null ? 0 : draw.classOf(index);
  }

  Path recordsFile() {
    return recordsFile;
  }

  Path scrapeFile() {
    return scrapeFile;
  }

  RecordWriter records() {
    return records;
  }

  ConnectionEstimator connections() {
    return connections;
  }

  BreakerGate gate() {
    return gate;
  }

  LoadSplit split() {
    return split;
  }

  /** Ms since the run started ({@link #start}); the clock that places requests in their steps. */
  long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** The HTTP protocol for the target, with the load profile's headers. */
  HttpProtocolBuilder protocol() {
    String keyHeader = setup.profile().request().extras().apiKeyHeader();
    boolean keyInHeaders =
        setup.headers().values().keySet().stream().anyMatch(keyHeader::equalsIgnoreCase);
    // a key the profile's headers carry (x-api-key: ${ANTHROPIC_API_KEY}) is not sent twice
    return setup
        .target()
        .protocol(keyInHeaders ? null : keyHeader)
        .headers(setup.headers().values());
  }

  /** The schedule's step under way now. */
  Step stepNow() {
    return schedule.stepAt(elapsedMillis());
  }

  /** The context of the request planned in {@code session}, sent in the schedule's {@code step}. */
  RequestContext context(Session session, Step step) {
    boolean open = setup.profile().load().open();
    PlannedRequest planned = UserChains.planned(session);
    RunClass requestClass = classes.get(UserChains.classIndex(session));
    return new RequestContext(
        RequestIdentity.of(runName, session.userId()),
        new StepLevel(
            step.warmup() ? RequestPhase.WARMUP : RequestPhase.STEP,
            step.index(),
            step.label(),
            open ? split.rate(step.level()) : null,
            open ? null : split.users((int) Math.round(step.level()))),
        RequestInput.builder()
            .model(setup.target().model())
            .promptTokens(planned.promptTokens())
            .maxTokens(planned.maxTokens())
            .prompts(planned.prompts())
            .sharedPrefixTokens(planned.sharedPrefixTokens())
            .conversationId(planned.conversationId())
            .turn(planned.turn())
            .api(requestClass.shape().api().api().id())
            .requestClass(requestClass.name())
            .build(),
        setup.profile().timeouts().idleMillis());
  }

  /**
   * Waits for this injector's start, restarts the clock, starts the scraper, the mode, the probes
   * and the breaker gate.
   */
  void start(ModeSteps mode, LoadGeneratorProbes probes) {
    ownRunFolder = RunOutputs.ownRunFolder();
    awaitStart();
    startNanos = System.nanoTime();
    Target target = setup.target();
    scraper =
        target
            .metricsUrl()
            .map(
                url ->
                    MetricsScraper.start(
                        url,
                        scrapeFile,
                        target.apiKey(),
                        System.out::println,
                        target.check().network().clientBuilder()))
            .orElse(null);
    mode.start();
    probes.start();
    gate.start();
  }

  /**
   * Waits for {@code run.startAt}, so that every injector's steps start at the same instant; an
   * injector ready too late stops with one line instead of skewing its steps.
   */
  private void awaitStart() {
    RunPart part = setup.part();
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

  /**
   * Stops the load (gate, mode), closes the records, tells what the run left on the server, stops
   * the target, then writes the run folder and its reports ({@link RunFinish}).
   */
  void finish(ModeSteps mode, LoadGeneratorProbes probes) {
    Optional<BreakerTrip> trip = breaker.trip();
    gate.stop();
    gate.markInFlight();
    mode.stop();
    int cut = records.inFlight(); // written as cut by the client when the records close
    records.close();
    mode.recordsClosed();
    // before the engine stops: what the run left on the server (scraped twice, ≤ 9 s)
    ServerLeftovers.stopAndTell(scraper, cut, System.out);
    setup.target().close();
    // Gatling may open its simulation.log only after before(): look again now
    Optional<Path> own = RunOutputs.ownRunFolder().or(() -> ownRunFolder);
    new RunFinish(this, mode, trip).write(own, probes);
  }
}
