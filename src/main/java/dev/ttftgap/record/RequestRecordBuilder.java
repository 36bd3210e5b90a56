package dev.ttftgap.record;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Sets a {@link RequestRecord}'s fields by name rather than by its 44 positional components: the
 * one place that calls the record's constructor. It starts from {@link RequestRecord#builder()}
 * (every field undefined: null, or 0 for {@code userId}, {@code step} and {@code startEpochMillis})
 * or from {@link RequestRecord#toBuilder()} (a copy of a record); {@link #build()} may be called
 * more than once.
 *
 * <p>A common pattern, a record with another outcome:
 *
 * <pre>{@code
 * RequestRecord interrupted =
 *     record.toBuilder().outcome(Outcome.KO).reason(FailureReason.INTERRUPTED).build();
 * }</pre>
 */
public final class RequestRecordBuilder {
  private String run;
  private long userId;
  private @Nullable String requestId;
  private RequestPhase phase;
  private int step;
  private String stepLabel;
  private @Nullable Double offeredRate;
  private @Nullable Integer concurrency;
  private String model;
  private @Nullable Integer promptTokens;
  private @Nullable Integer maxTokens;
  private long startEpochMillis;
  private @Nullable Long ttfbMillis;
  private @Nullable Long ttftMillis;
  private @Nullable Long gapMillis;
  private @Nullable Long firstContentMillis;
  private @Nullable Long firstReasoningMillis;
  private @Nullable Long e2eMillis;
  private @Nullable List<Long> itlMillis;
  private @Nullable Double tpotMillis;
  private @Nullable Integer outputTokens;
  private @Nullable String outputTokensSource;
  private @Nullable Integer contentEvents;
  private @Nullable Map<String, Double> serverTimings;
  private @Nullable Boolean newConnection;
  private Outcome outcome;
  private @Nullable FailureReason reason;
  private @Nullable Integer httpStatus;
  private @Nullable String message;
  private @Nullable String prompts;
  private @Nullable Integer sharedPrefixTokens;
  private @Nullable String conversationId;
  private @Nullable Integer turn;
  private @Nullable Integer malformedChunks;
  private @Nullable Integer stalls;
  private @Nullable Long longestStallMillis;
  private @Nullable Long ttfbMicros;
  private @Nullable Long ttftMicros;
  private @Nullable Long gapMicros;
  private @Nullable Long startEpochMicros;
  private @Nullable Integer injector;
  private @Nullable Integer injectorCount;
  private @Nullable String host;
  private @Nullable String runId;

  RequestRecordBuilder() {}

  /** A builder holding {@code record}'s fields. */
  RequestRecordBuilder(RequestRecord record) {
    run = record.run();
    userId = record.userId();
    requestId = record.requestId();
    phase = record.phase();
    step = record.step();
    stepLabel = record.stepLabel();
    offeredRate = record.offeredRate();
    concurrency = record.concurrency();
    model = record.model();
    promptTokens = record.promptTokens();
    maxTokens = record.maxTokens();
    startEpochMillis = record.startEpochMillis();
    ttfbMillis = record.ttfbMillis();
    ttftMillis = record.ttftMillis();
    gapMillis = record.gapMillis();
    firstContentMillis = record.firstContentMillis();
    firstReasoningMillis = record.firstReasoningMillis();
    e2eMillis = record.e2eMillis();
    itlMillis = record.itlMillis();
    tpotMillis = record.tpotMillis();
    outputTokens = record.outputTokens();
    outputTokensSource = record.outputTokensSource();
    contentEvents = record.contentEvents();
    serverTimings = record.serverTimings();
    newConnection = record.newConnection();
    outcome = record.outcome();
    reason = record.reason();
    httpStatus = record.httpStatus();
    message = record.message();
    prompts = record.prompts();
    sharedPrefixTokens = record.sharedPrefixTokens();
    conversationId = record.conversationId();
    turn = record.turn();
    malformedChunks = record.malformedChunks();
    stalls = record.stalls();
    longestStallMillis = record.longestStallMillis();
    ttfbMicros = record.ttfbMicros();
    ttftMicros = record.ttftMicros();
    gapMicros = record.gapMicros();
    startEpochMicros = record.startEpochMicros();
    injector = record.injector();
    injectorCount = record.injectorCount();
    host = record.host();
    runId = record.runId();
  }

  public RequestRecordBuilder run(String run) {
    this.run = run;
    return this;
  }

  public RequestRecordBuilder userId(long userId) {
    this.userId = userId;
    return this;
  }

  public RequestRecordBuilder requestId(@Nullable String requestId) {
    this.requestId = requestId;
    return this;
  }

  public RequestRecordBuilder phase(RequestPhase phase) {
    this.phase = phase;
    return this;
  }

  public RequestRecordBuilder step(int step) {
    this.step = step;
    return this;
  }

  public RequestRecordBuilder stepLabel(String stepLabel) {
    this.stepLabel = stepLabel;
    return this;
  }

  public RequestRecordBuilder offeredRate(@Nullable Double offeredRate) {
    this.offeredRate = offeredRate;
    return this;
  }

  public RequestRecordBuilder concurrency(@Nullable Integer concurrency) {
    this.concurrency = concurrency;
    return this;
  }

  public RequestRecordBuilder model(String model) {
    this.model = model;
    return this;
  }

  public RequestRecordBuilder promptTokens(@Nullable Integer promptTokens) {
    this.promptTokens = promptTokens;
    return this;
  }

  public RequestRecordBuilder maxTokens(@Nullable Integer maxTokens) {
    this.maxTokens = maxTokens;
    return this;
  }

  public RequestRecordBuilder startEpochMillis(long startEpochMillis) {
    this.startEpochMillis = startEpochMillis;
    return this;
  }

  public RequestRecordBuilder ttfbMillis(@Nullable Long ttfbMillis) {
    this.ttfbMillis = ttfbMillis;
    return this;
  }

  public RequestRecordBuilder ttftMillis(@Nullable Long ttftMillis) {
    this.ttftMillis = ttftMillis;
    return this;
  }

  public RequestRecordBuilder gapMillis(@Nullable Long gapMillis) {
    this.gapMillis = gapMillis;
    return this;
  }

  public RequestRecordBuilder firstContentMillis(@Nullable Long firstContentMillis) {
    this.firstContentMillis = firstContentMillis;
    return this;
  }

  public RequestRecordBuilder firstReasoningMillis(@Nullable Long firstReasoningMillis) {
    this.firstReasoningMillis = firstReasoningMillis;
    return this;
  }

  public RequestRecordBuilder e2eMillis(@Nullable Long e2eMillis) {
    this.e2eMillis = e2eMillis;
    return this;
  }

  public RequestRecordBuilder itlMillis(@Nullable List<Long> itlMillis) {
    this.itlMillis = itlMillis;
    return this;
  }

  public RequestRecordBuilder tpotMillis(@Nullable Double tpotMillis) {
    this.tpotMillis = tpotMillis;
    return this;
  }

  public RequestRecordBuilder outputTokens(@Nullable Integer outputTokens) {
    this.outputTokens = outputTokens;
    return this;
  }

  public RequestRecordBuilder outputTokensSource(@Nullable String outputTokensSource) {
    this.outputTokensSource = outputTokensSource;
    return this;
  }

  public RequestRecordBuilder contentEvents(@Nullable Integer contentEvents) {
    this.contentEvents = contentEvents;
    return this;
  }

  public RequestRecordBuilder serverTimings(@Nullable Map<String, Double> serverTimings) {
    this.serverTimings = serverTimings;
    return this;
  }

  public RequestRecordBuilder newConnection(@Nullable Boolean newConnection) {
    this.newConnection = newConnection;
    return this;
  }

  public RequestRecordBuilder outcome(Outcome outcome) {
    this.outcome = outcome;
    return this;
  }

  public RequestRecordBuilder reason(@Nullable FailureReason reason) {
    this.reason = reason;
    return this;
  }

  public RequestRecordBuilder httpStatus(@Nullable Integer httpStatus) {
    this.httpStatus = httpStatus;
    return this;
  }

  public RequestRecordBuilder message(@Nullable String message) {
    this.message = message;
    return this;
  }

  public RequestRecordBuilder prompts(@Nullable String prompts) {
    this.prompts = prompts;
    return this;
  }

  public RequestRecordBuilder sharedPrefixTokens(@Nullable Integer sharedPrefixTokens) {
    this.sharedPrefixTokens = sharedPrefixTokens;
    return this;
  }

  public RequestRecordBuilder conversationId(@Nullable String conversationId) {
    this.conversationId = conversationId;
    return this;
  }

  public RequestRecordBuilder turn(@Nullable Integer turn) {
    this.turn = turn;
    return this;
  }

  public RequestRecordBuilder malformedChunks(@Nullable Integer malformedChunks) {
    this.malformedChunks = malformedChunks;
    return this;
  }

  public RequestRecordBuilder stalls(@Nullable Integer stalls) {
    this.stalls = stalls;
    return this;
  }

  public RequestRecordBuilder longestStallMillis(@Nullable Long longestStallMillis) {
    this.longestStallMillis = longestStallMillis;
    return this;
  }

  public RequestRecordBuilder ttfbMicros(@Nullable Long ttfbMicros) {
    this.ttfbMicros = ttfbMicros;
    return this;
  }

  public RequestRecordBuilder ttftMicros(@Nullable Long ttftMicros) {
    this.ttftMicros = ttftMicros;
    return this;
  }

  public RequestRecordBuilder gapMicros(@Nullable Long gapMicros) {
    this.gapMicros = gapMicros;
    return this;
  }

  public RequestRecordBuilder startEpochMicros(@Nullable Long startEpochMicros) {
    this.startEpochMicros = startEpochMicros;
    return this;
  }

  public RequestRecordBuilder injector(@Nullable Integer injector) {
    this.injector = injector;
    return this;
  }

  public RequestRecordBuilder injectorCount(@Nullable Integer injectorCount) {
    this.injectorCount = injectorCount;
    return this;
  }

  public RequestRecordBuilder host(@Nullable String host) {
    this.host = host;
    return this;
  }

  public RequestRecordBuilder runId(@Nullable String runId) {
    this.runId = runId;
    return this;
  }

  public RequestRecord build() {
    return new RequestRecord(
        run,
        userId,
        requestId,
        phase,
        step,
        stepLabel,
        offeredRate,
        concurrency,
        model,
        promptTokens,
        maxTokens,
        startEpochMillis,
        ttfbMillis,
        ttftMillis,
        gapMillis,
        firstContentMillis,
        firstReasoningMillis,
        e2eMillis,
        itlMillis,
        tpotMillis,
        outputTokens,
        outputTokensSource,
        contentEvents,
        serverTimings,
        newConnection,
        outcome,
        reason,
        httpStatus,
        message,
        prompts,
        sharedPrefixTokens,
        conversationId,
        turn,
        malformedChunks,
        stalls,
        longestStallMillis,
        ttfbMicros,
        ttftMicros,
        gapMicros,
        startEpochMicros,
        injector,
        injectorCount,
        host,
        runId);
  }
}
