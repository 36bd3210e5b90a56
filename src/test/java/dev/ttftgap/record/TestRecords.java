package dev.ttftgap.record;

import java.util.List;
import java.util.Map;

/**
 * Test records built by name rather than by the 29 positional arguments of {@link RequestRecord}:
 * {@link #builder()} for any record, and the named samples the record tests share (one with every
 * field set, one with every nullable field null, one still in flight).
 */
public final class TestRecords {
  private TestRecords() {}

  /**
   * A builder that starts as run {@code "run"}, phase step, step 1, outcome ok, every other field
   * undefined (null, or 0 for the two primitive fields {@code userId} and {@code
   * startEpochMillis}).
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Every field set, the way a finished streaming request writes them. */
  public static RequestRecord full(long userId) {
    return builder()
        .run("run-20261130")
        .userId(userId)
        .requestId("chatcmpl-" + userId)
        .step(3)
        .stepLabel("step 3 · 6 rps")
        .offeredRate(6.0)
        .model("Qwen/Qwen2.5-7B-Instruct")
        .promptTokens(512)
        .maxTokens(128)
        .startEpochMillis(1_764_470_000_000L + userId)
        .ttfbMillis(120L)
        .ttftMillis(400L)
        .gapMillis(280L)
        .firstContentMillis(430L)
        .firstReasoningMillis(400L)
        .e2eMillis(510L)
        .itlMillis(List.of(30L, 0L, 30L))
        .stalls(0)
        .tpotMillis(36.666666666666664)
        .outputTokens(4)
        .outputTokensSource("usage")
        .contentEvents(3)
        .serverTimings(Map.of("queue_time_ms", 812.5))
        .newConnection(true)
        .httpStatus(200)
        .prompts("distinct")
        .sharedPrefixTokens(300)
        .conversationId("c7")
        .turn(2)
        .malformedChunks(1)
        .build();
  }

  /** {@link #full} with the load generator's precise timings, µs. */
  public static RequestRecord precise(long userId) {
    return full(userId).withMicros(120_345L, 400_456L, 280_111L, 1_764_470_000_000_000L + userId);
  }

  /** Every nullable field null: a warm-up request whose connection was refused. */
  public static RequestRecord minimal(long userId) {
    return builder()
        .userId(userId)
        .phase(RequestPhase.WARMUP)
        .step(0)
        .startEpochMillis(5L)
        .outcome(Outcome.KO)
        .reason(FailureReason.CONNECTION_FAILED)
        .message("Connection refused")
        .build();
  }

  /** A request with headers but no token yet, as an in-flight snapshot records it. */
  public static RequestRecord inFlight(long userId) {
    return builder()
        .userId(userId)
        .requestId("chatcmpl-x")
        .stepLabel("step 1 · 2 rps")
        .offeredRate(2.0)
        .model("m")
        .promptTokens(100)
        .maxTokens(64)
        .startEpochMillis(1000L)
        .ttfbMillis(120L)
        .contentEvents(0)
        .httpStatus(200)
        .build();
  }

  /** Sets {@link RequestRecord}'s fields by name; {@link #build()} may be called more than once. */
  public static final class Builder {
    private String run = "run";
    private long userId;
    private String requestId;
    private RequestPhase phase = RequestPhase.STEP;
    private int step = 1;
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
    private Outcome outcome = Outcome.OK;
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

    private Builder() {}

    public Builder prompts(String prompts) {
      this.prompts = prompts;
      return this;
    }

    public Builder sharedPrefixTokens(Integer sharedPrefixTokens) {
      this.sharedPrefixTokens = sharedPrefixTokens;
      return this;
    }

    public Builder conversationId(String conversationId) {
      this.conversationId = conversationId;
      return this;
    }

    public Builder turn(Integer turn) {
      this.turn = turn;
      return this;
    }

    public Builder run(String run) {
      this.run = run;
      return this;
    }

    public Builder userId(long userId) {
      this.userId = userId;
      return this;
    }

    public Builder requestId(String requestId) {
      this.requestId = requestId;
      return this;
    }

    public Builder phase(RequestPhase phase) {
      this.phase = phase;
      return this;
    }

    public Builder step(int step) {
      this.step = step;
      return this;
    }

    public Builder stepLabel(String stepLabel) {
      this.stepLabel = stepLabel;
      return this;
    }

    public Builder offeredRate(Double offeredRate) {
      this.offeredRate = offeredRate;
      return this;
    }

    public Builder concurrency(Integer concurrency) {
      this.concurrency = concurrency;
      return this;
    }

    public Builder model(String model) {
      this.model = model;
      return this;
    }

    public Builder promptTokens(Integer promptTokens) {
      this.promptTokens = promptTokens;
      return this;
    }

    public Builder maxTokens(Integer maxTokens) {
      this.maxTokens = maxTokens;
      return this;
    }

    public Builder startEpochMillis(long startEpochMillis) {
      this.startEpochMillis = startEpochMillis;
      return this;
    }

    public Builder ttfbMillis(Long ttfbMillis) {
      this.ttfbMillis = ttfbMillis;
      return this;
    }

    public Builder ttftMillis(Long ttftMillis) {
      this.ttftMillis = ttftMillis;
      return this;
    }

    public Builder gapMillis(Long gapMillis) {
      this.gapMillis = gapMillis;
      return this;
    }

    public Builder firstContentMillis(Long firstContentMillis) {
      this.firstContentMillis = firstContentMillis;
      return this;
    }

    public Builder firstReasoningMillis(Long firstReasoningMillis) {
      this.firstReasoningMillis = firstReasoningMillis;
      return this;
    }

    public Builder e2eMillis(Long e2eMillis) {
      this.e2eMillis = e2eMillis;
      return this;
    }

    public Builder itlMillis(List<Long> itlMillis) {
      this.itlMillis = itlMillis;
      return this;
    }

    public Builder tpotMillis(Double tpotMillis) {
      this.tpotMillis = tpotMillis;
      return this;
    }

    public Builder outputTokens(Integer outputTokens) {
      this.outputTokens = outputTokens;
      return this;
    }

    public Builder outputTokensSource(String outputTokensSource) {
      this.outputTokensSource = outputTokensSource;
      return this;
    }

    public Builder contentEvents(Integer contentEvents) {
      this.contentEvents = contentEvents;
      return this;
    }

    public Builder serverTimings(Map<String, Double> serverTimings) {
      this.serverTimings = serverTimings;
      return this;
    }

    public Builder newConnection(Boolean newConnection) {
      this.newConnection = newConnection;
      return this;
    }

    public Builder outcome(Outcome outcome) {
      this.outcome = outcome;
      return this;
    }

    public Builder reason(FailureReason reason) {
      this.reason = reason;
      return this;
    }

    public Builder httpStatus(Integer httpStatus) {
      this.httpStatus = httpStatus;
      return this;
    }

    public Builder message(String message) {
      this.message = message;
      return this;
    }

    public Builder malformedChunks(Integer malformedChunks) {
      this.malformedChunks = malformedChunks;
      return this;
    }

    public Builder stalls(Integer stalls) {
      this.stalls = stalls;
      return this;
    }

    public Builder longestStallMillis(Long longestStallMillis) {
      this.longestStallMillis = longestStallMillis;
      return this;
    }

    /**
     * A stream served to its end, after {@link #ttfbMillis}: the first token at {@code ttftMillis}
     * (so the gap is TTFT − TTFB), {@code tokens} tokens counted by the usage chunk, one content
     * event each, TPOT = (e2e − TTFT) / (tokens − 1), HTTP 200.
     */
    public Builder streamed(long ttftMillis, long e2eMillis, List<Long> itlMillis, int tokens) {
      return ttftMillis(ttftMillis)
          .gapMillis(ttftMillis - ttfbMillis)
          .firstContentMillis(ttftMillis)
          .e2eMillis(e2eMillis)
          .itlMillis(itlMillis)
          .tpotMillis((e2eMillis - ttftMillis) / (double) (tokens - 1))
          .outputTokens(tokens)
          .outputTokensSource("usage")
          .contentEvents(tokens)
          .httpStatus(200);
    }

    /** Refused with HTTP 429 "queue full", as a server whose waiting queue is full answers. */
    public Builder queueFull() {
      return outcome(Outcome.KO)
          .reason(FailureReason.HTTP_STATUS)
          .httpStatus(429)
          .message("queue full");
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
          null,
          null,
          null,
          null);
    }
  }
}
