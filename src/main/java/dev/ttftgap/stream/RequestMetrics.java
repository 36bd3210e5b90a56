package dev.ttftgap.stream;

import dev.ttftgap.tokens.TokenCounter;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The per-request metrics of one {@link StreamTimeline}: every metric definition of the project
 * lives here (DESIGN §2). Durations are milliseconds on the timeline's single clock; a metric that
 * cannot be measured is empty, never 0.
 *
 * <p><b>Definitions.</b> {@code send}, {@code headers} and {@code end} are the timeline's marks; a
 * <em>token event</em> (an output event) is a chunk of any output kind: {@link ChunkKind#CONTENT},
 * {@link ChunkKind#REASONING} or {@link ChunkKind#TOOL_CALL}, whatever the API ({@link
 * ChunkClassifier}). Role-only, empty, usage, error, done and malformed chunks, and SSE comments
 * (never seen here), are never tokens. An event <em>carries</em> a kind as {@link Chunk#carries}
 * says: a content chunk that also carried reasoning carries both.
 *
 * <ul>
 *   <li>{@code ttfb = headers − send}
 *   <li>{@code ttft = first token event − send}; {@code ttft(kind)} = first event carrying {@code
 *       kind} − send ({@link TtftKind#ANY} = ttft)
 *   <li>{@code gap = ttft − ttfb} (needs both)
 *   <li>{@code firstContent = first event carrying content − send} (ttfvt); {@code firstReasoning =
 *       first event carrying reasoning − send} (ttfr); {@code firstToolCall = first event carrying
 *       a tool-call piece − send} (ttftc)
 *   <li>{@code toolCalls}: the number of distinct tool-call indexes of all events; {@code
 *       finishReason}: the last finish reason any event gave
 *   <li>{@code e2e = DONE event − send} ({@code [DONE]}, {@code response.completed}, {@code
 *       message_stop}), or {@code end − send} when no DONE arrived but the stream ended
 *   <li>{@code itl[i] = token event[i+1] − token event[i]}, in arrival order ({@code 0} where
 *       events arrived in one read and share a timestamp)
 *   <li>{@code stalls}: the intervals of {@code itl} of at least {@value #STALL_FACTOR} × the
 *       request's median {@code itl} and at least {@value #STALL_FLOOR_MILLIS} ms — a pause far
 *       above the engine step, such as a server preempting the sequence when its KV cache is full
 *       (recompute on readmission), or another request's long prefill joining the batch; {@code
 *       longestStall} the largest of them. Undefined without an {@code itl}; {@code longestStall}
 *       also when there is no stall
 *   <li>{@code outputTokens}: the last completion-token count any chunk reported (chat and
 *       completions {@code usage.completion_tokens}, Responses {@code usage.output_tokens},
 *       Messages {@code message_delta} {@code usage.output_tokens}; source {@code "usage"}); else
 *       the {@link TokenCounter} count of the texts of all token events concatenated, tool-call
 *       argument pieces included (source {@code "tokenizer"}); undefined (source null) when there
 *       is neither
 *   <li>{@code tpot = (e2e − ttft) / (outputTokens − 1)}, undefined when {@code outputTokens < 2}
 *       or e2e or ttft is undefined
 *   <li>{@code maxIdle}: the largest interval between consecutive marks among headers and every
 *       event (of any kind), 0 when there are fewer than two such marks
 *   <li>{@code requestId}: the first chunk {@code id}; {@code chunkIds}: every distinct id, in
 *       order of first appearance (two ids mean Gatling re-sent the request)
 *   <li>{@code serverTimings}: {@code metrics}/{@code timings} of all chunks merged, later values
 *       winning; {@code promptTokens}: the last {@code usage.prompt_tokens}
 * </ul>
 *
 * <p><b>Worked example.</b> send at 1000; headers at 1120; role-only chunk at 1150; reasoning "Let"
 * at 1400; content "Hi" at 1430; content " there" at 1460; finish chunk at 1500; usage chunk with
 * {@code completion_tokens: 4} at 1505; {@code [DONE]} at 1510; end at 1512. Then ttfb = 120, ttft
 * = 400, gap = 280, firstReasoning = 400, firstContent = 430, e2e = 510, itl = [30, 30],
 * outputTokens = 4 (usage), tpot = (510 − 400) / 3 = 36.67, tokenEvents = 3, maxIdle = 250 (1150 →
 * 1400).
 *
 * <p><b>Worked example with a tool call.</b> send at 1000; headers at 1100; role-only at 1110; tool
 * call 0 name {@code get_weather} at 1300; its arguments <code>{"city":</code> at 1320 and <code>
 * "Paris"}</code> at 1340; finish chunk with {@code finish_reason: tool_calls} at 1350; {@code
 * [DONE]} at 1360. Then ttft = 300 = firstToolCall, firstContent and firstReasoning undefined, gap
 * = 100, toolCalls = 1, finishReason = tool_calls, itl = [20, 20], tokenEvents = 3, outputTokens =
 * the tokenizer's count of <code>{"city": "Paris"}</code>, e2e = 360.
 */
public final class RequestMetrics {
  /** A stall is an inter-token interval at least this many times the request's median ITL. */
  public static final int STALL_FACTOR = 10;

  /** ... and at least this long, ms, so that sub-step jitter of fast streams is no stall. */
  public static final long STALL_FLOOR_MILLIS = 100;

  private final Long ttfbMillis;
  private final Long ttftMillis;
  private final Long firstContentMillis;
  private final Long firstReasoningMillis;
  private final Long firstToolCallMillis;
  private final int toolCalls;
  private final String finishReason;
  private final Long e2eMillis;
  private final List<Long> itlMillis;
  private final Integer outputTokens;
  private final String outputTokensSource;
  private final Integer promptTokens;
  private final int tokenEvents;
  private final int malformedEvents;
  private final Set<String> chunkIds;
  private final boolean sawDone;
  private final Map<String, Double> serverTimings;
  private final Chunk firstError;
  private final long maxIdleMillis;

  private RequestMetrics(StreamTimeline timeline) {
    long send = timeline.sendEpochMillis();
    OptionalLong headers = timeline.headersEpochMillis();
    TimelineScan scan = TimelineScan.of(timeline);
    ttfbMillis = headers.isPresent() ? headers.getAsLong() - send : null;
    ttftMillis = scan.firstToken == null ? null : scan.firstToken - send;
    firstContentMillis = scan.firstContent == null ? null : scan.firstContent - send;
    firstReasoningMillis = scan.firstReasoning == null ? null : scan.firstReasoning - send;
    firstToolCallMillis = scan.firstToolCall == null ? null : scan.firstToolCall - send;
    toolCalls = scan.toolCallIndexes.size();
    finishReason = scan.finishReason;
    OptionalLong end = timeline.endEpochMillis();
    if (scan.done != null) {
      e2eMillis = scan.done - send;
    } else {
      e2eMillis = end.isPresent() ? end.getAsLong() - send : null;
    }
    itlMillis = Collections.unmodifiableList(scan.itl);
    if (scan.usageCompletion != null) {
      outputTokens = scan.usageCompletion;
      outputTokensSource = "usage";
    } else if (scan.tokens > 0) {
      outputTokens = TokenCounter.count(scan.text.toString());
      outputTokensSource = "tokenizer";
    } else {
      outputTokens = null;
      outputTokensSource = null;
    }
    promptTokens = scan.usagePrompt;
    tokenEvents = scan.tokens;
    malformedEvents = scan.malformed;
    chunkIds = Collections.unmodifiableSet(scan.ids);
    sawDone = scan.done != null;
    serverTimings = Collections.unmodifiableMap(scan.timings);
    firstError = scan.error;
    maxIdleMillis = scan.maxIdle;
  }

  /** Computes the metrics of {@code timeline} as it stands now. */
  public static RequestMetrics of(StreamTimeline timeline) {
    return new RequestMetrics(timeline);
  }

  /** {@code headers − send}. */
  public OptionalLong ttfbMillis() {
    return optional(ttfbMillis);
  }

  /** {@code first token event − send}. */
  public OptionalLong ttftMillis() {
    return optional(ttftMillis);
  }

  /**
   * {@code first event carrying kind − send}: {@link #ttftMillis()} for {@link TtftKind#ANY}, else
   * {@link #firstContentMillis()}, {@link #firstReasoningMillis()} or {@link
   * #firstToolCallMillis()}.
   */
  public OptionalLong ttftMillis(TtftKind kind) {
    return switch (kind) {
      case ANY -> ttftMillis();
      case CONTENT -> firstContentMillis();
      case REASONING -> firstReasoningMillis();
      case TOOL_CALL -> firstToolCallMillis();
    };
  }

  /** {@code ttft − ttfb}: what the server did after the headers before the first token. */
  public OptionalLong gapMillis() {
    return ttftMillis == null || ttfbMillis == null
        ? OptionalLong.empty()
        : OptionalLong.of(ttftMillis - ttfbMillis);
  }

  /** {@code first CONTENT event − send}: the first visible answer text, after any reasoning. */
  public OptionalLong firstContentMillis() {
    return optional(firstContentMillis);
  }

  /** {@code first REASONING event − send}, when the model reasoned. */
  public OptionalLong firstReasoningMillis() {
    return optional(firstReasoningMillis);
  }

  /** {@code first event carrying a tool call − send}: its id, name or first argument piece. */
  public OptionalLong firstToolCallMillis() {
    return optional(firstToolCallMillis);
  }

  /** Number of tool calls the answer made (distinct call indexes); 0 when none. */
  public int toolCalls() {
    return toolCalls;
  }

  /**
   * The last finish reason the stream gave ({@code stop}, {@code length}, {@code tool_calls}, a
   * Messages {@code stop_reason}, a Responses {@code incomplete_details.reason}), if any.
   */
  public Optional<String> finishReason() {
    return Optional.ofNullable(finishReason);
  }

  /** {@code [DONE] − send}, or {@code end − send} when the stream ended without {@code [DONE]}. */
  public OptionalLong e2eMillis() {
    return optional(e2eMillis);
  }

  /** Intervals between consecutive token events, in arrival order; empty below two tokens. */
  public List<Long> itlMillis() {
    return itlMillis;
  }

  /** Intervals of {@link #itlMillis()} that are stalls (definition above); empty without ITL. */
  public OptionalInt stallCount() {
    if (itlMillis.isEmpty()) {
      return OptionalInt.empty();
    }
    long threshold = stallThresholdMillis();
    return OptionalInt.of((int) itlMillis.stream().filter(i -> i >= threshold).count());
  }

  /** The longest stall, ms; empty without ITL or when no interval is a stall. */
  public OptionalLong longestStallMillis() {
    if (itlMillis.isEmpty()) {
      return OptionalLong.empty();
    }
    long threshold = stallThresholdMillis();
    return itlMillis.stream().mapToLong(Long::longValue).filter(i -> i >= threshold).max();
  }

  private long stallThresholdMillis() {
    long[] sorted = itlMillis.stream().mapToLong(Long::longValue).sorted().toArray();
    long median = sorted[(sorted.length - 1) / 2];
    return Math.max(STALL_FACTOR * median, STALL_FLOOR_MILLIS);
  }

  /** {@code (e2e − ttft) / (outputTokens − 1)}; empty when {@code outputTokens < 2}. */
  public OptionalDouble tpotMillis() {
    if (outputTokens == null || outputTokens < 2 || e2eMillis == null || ttftMillis == null) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of((double) (e2eMillis - ttftMillis) / (outputTokens - 1));
  }

  /**
   * Completion tokens, from the server's usage or else counted; see {@link #outputTokensSource}.
   */
  public OptionalInt outputTokens() {
    return outputTokens == null ? OptionalInt.empty() : OptionalInt.of(outputTokens);
  }

  /** {@code "usage"}, {@code "tokenizer"}, or null when {@link #outputTokens()} is empty. */
  public String outputTokensSource() {
    return outputTokensSource;
  }

  /** The server's {@code usage.prompt_tokens}, when it sent usage. */
  public OptionalInt promptTokens() {
    return promptTokens == null ? OptionalInt.empty() : OptionalInt.of(promptTokens);
  }

  /** Number of token (content, reasoning or tool-call) events. */
  public int tokenEvents() {
    return tokenEvents;
  }

  /** Number of {@link ChunkKind#MALFORMED} events. */
  public int malformedEvents() {
    return malformedEvents;
  }

  /** The first chunk id seen. */
  public Optional<String> requestId() {
    return chunkIds.stream().findFirst();
  }

  /** Every distinct chunk id, in order of first appearance; more than one means a re-sent POST. */
  public Set<String> chunkIds() {
    return chunkIds;
  }

  /** Whether a DONE event ({@code [DONE]}, {@code response.completed}, …) arrived. */
  public boolean sawDone() {
    return sawDone;
  }

  /** Server-reported timings merged over all chunks, by original name; empty when none. */
  public Map<String, Double> serverTimings() {
    return serverTimings;
  }

  /** The first {@link ChunkKind#ERROR} chunk, if any. */
  public Optional<Chunk> firstError() {
    return Optional.ofNullable(firstError);
  }

  /**
   * Largest interval between consecutive marks among the headers and all events; 0 when there are
   * fewer than two marks.
   */
  public long maxIdleMillis() {
    return maxIdleMillis;
  }

  private static OptionalLong optional(Long value) {
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }
}
