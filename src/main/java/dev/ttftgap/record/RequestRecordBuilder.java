package dev.ttftgap.record;

import java.util.List;
import java.util.Map;

/**
 * Sets a {@link RequestRecord}'s fields by name rather than by its 44 positional components: the
 * one place that calls the record's constructor. It starts from {@link RequestRecord#builder()}
 * (every field undefined: null, or 0 for {@code userId}, {@code step} and {@code startEpochMillis})
 * or from {@link RequestRecord#toBuilder()} (a copy of a record); {@link #build()} may be called
 * more than once. A field not set stays undefined, whatever the record's Javadoc says of its
 * nullness.
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
  private String requestId;
  private RequestPhase phase;
  private int step;
  private String stepLabel;
  private Double offeredRate;
  private Integer concurrency;
  private String model;
  private Integer promptTokens;
  private Integer maxTokens;
  private long startEpochMillis;
  private Long ttfbMillis;
  private Long ttftMillis;
  private Long gapMillis;
  private Long firstContentMillis;
  private Long firstReasoningMillis;
  private Long e2eMillis;
  private List<Long> itlMillis;
  private Double tpotMillis;
  private Integer outputTokens;
  private String outputTokensSource;
  private Integer contentEvents;
  private Map<String, Double> serverTimings;
  private Boolean newConnection;
  private Outcome outcome;
  private FailureReason reason;
  private Integer httpStatus;
  private String message;
  private String prompts;
  private Integer sharedPrefixTokens;
  private String conversationId;
  private Integer turn;
  private Integer malformedChunks;
  private Integer stalls;
  private Long longestStallMillis;
  private Long ttfbMicros;
  private Long ttftMicros;
  private Long gapMicros;
  private Long startEpochMicros;
  private Integer injector;
  private Integer injectorCount;
  private String host;
  private String runId;
  private Integer askedPromptTokens;
  private Integer servedPromptTokens;

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
    askedPromptTokens = record.askedPromptTokens();
    servedPromptTokens = record.servedPromptTokens();
  }

  public RequestRecordBuilder run(String run) {
    this.run = run;
    return this;
  }

  public RequestRecordBuilder userId(long userId) {
    this.userId = userId;
    return this;
  }

  public RequestRecordBuilder requestId(String requestId) {
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

  public RequestRecordBuilder offeredRate(Double offeredRate) {
    this.offeredRate = offeredRate;
    return this;
  }

  public RequestRecordBuilder concurrency(Integer concurrency) {
    this.concurrency = concurrency;
    return this;
  }

  public RequestRecordBuilder model(String model) {
    this.model = model;
    return this;
  }

  public RequestRecordBuilder promptTokens(Integer promptTokens) {
    this.promptTokens = promptTokens;
    return this;
  }

  public RequestRecordBuilder maxTokens(Integer maxTokens) {
    this.maxTokens = maxTokens;
    return this;
  }

  public RequestRecordBuilder startEpochMillis(long startEpochMillis) {
    this.startEpochMillis = startEpochMillis;
    return this;
  }

  public RequestRecordBuilder ttfbMillis(Long ttfbMillis) {
    this.ttfbMillis = ttfbMillis;
    return this;
  }

  public RequestRecordBuilder ttftMillis(Long ttftMillis) {
    this.ttftMillis = ttftMillis;
    return this;
  }

  public RequestRecordBuilder gapMillis(Long gapMillis) {
    this.gapMillis = gapMillis;
    return this;
  }

  public RequestRecordBuilder firstContentMillis(Long firstContentMillis) {
    this.firstContentMillis = firstContentMillis;
    return this;
  }

  public RequestRecordBuilder firstReasoningMillis(Long firstReasoningMillis) {
    this.firstReasoningMillis = firstReasoningMillis;
    return this;
  }

  public RequestRecordBuilder e2eMillis(Long e2eMillis) {
    this.e2eMillis = e2eMillis;
    return this;
  }

  public RequestRecordBuilder itlMillis(List<Long> itlMillis) {
    this.itlMillis = itlMillis;
    return this;
  }

  public RequestRecordBuilder tpotMillis(Double tpotMillis) {
    this.tpotMillis = tpotMillis;
    return this;
  }

  public RequestRecordBuilder outputTokens(Integer outputTokens) {
    this.outputTokens = outputTokens;
    return this;
  }

  public RequestRecordBuilder outputTokensSource(String outputTokensSource) {
    this.outputTokensSource = outputTokensSource;
    return this;
  }

  public RequestRecordBuilder contentEvents(Integer contentEvents) {
    this.contentEvents = contentEvents;
    return this;
  }

  public RequestRecordBuilder serverTimings(Map<String, Double> serverTimings) {
    this.serverTimings = serverTimings;
    return this;
  }

  public RequestRecordBuilder newConnection(Boolean newConnection) {
    this.newConnection = newConnection;
    return this;
  }

  public RequestRecordBuilder outcome(Outcome outcome) {
    this.outcome = outcome;
    return this;
  }

  public RequestRecordBuilder reason(FailureReason reason) {
    this.reason = reason;
    return this;
  }

  public RequestRecordBuilder httpStatus(Integer httpStatus) {
    this.httpStatus = httpStatus;
    return this;
  }

  public RequestRecordBuilder message(String message) {
    this.message = message;
    return this;
  }

  public RequestRecordBuilder prompts(String prompts) {
    this.prompts = prompts;
    return this;
  }

  public RequestRecordBuilder sharedPrefixTokens(Integer sharedPrefixTokens) {
    this.sharedPrefixTokens = sharedPrefixTokens;
    return this;
  }

  public RequestRecordBuilder conversationId(String conversationId) {
    this.conversationId = conversationId;
    return this;
  }

  public RequestRecordBuilder turn(Integer turn) {
    this.turn = turn;
    return this;
  }

  public RequestRecordBuilder malformedChunks(Integer malformedChunks) {
    this.malformedChunks = malformedChunks;
    return this;
  }

  public RequestRecordBuilder stalls(Integer stalls) {
    this.stalls = stalls;
    return this;
  }

  public RequestRecordBuilder longestStallMillis(Long longestStallMillis) {
    this.longestStallMillis = longestStallMillis;
    return this;
  }

  public RequestRecordBuilder ttfbMicros(Long ttfbMicros) {
    this.ttfbMicros = ttfbMicros;
    return this;
  }

  public RequestRecordBuilder ttftMicros(Long ttftMicros) {
    this.ttftMicros = ttftMicros;
    return this;
  }

  public RequestRecordBuilder gapMicros(Long gapMicros) {
    this.gapMicros = gapMicros;
    return this;
  }

  public RequestRecordBuilder startEpochMicros(Long startEpochMicros) {
    this.startEpochMicros = startEpochMicros;
    return this;
  }

  public RequestRecordBuilder injector(Integer injector) {
    this.injector = injector;
    return this;
  }

  public RequestRecordBuilder injectorCount(Integer injectorCount) {
    this.injectorCount = injectorCount;
    return this;
  }

  public RequestRecordBuilder host(String host) {
    this.host = host;
    return this;
  }

  public RequestRecordBuilder runId(String runId) {
    this.runId = runId;
    return this;
  }

  public RequestRecordBuilder askedPromptTokens(Integer askedPromptTokens) {
    this.askedPromptTokens = askedPromptTokens;
    return this;
  }

  public RequestRecordBuilder servedPromptTokens(Integer servedPromptTokens) {
    this.servedPromptTokens = servedPromptTokens;
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
        runId,
        askedPromptTokens,
        servedPromptTokens);
  }
}
