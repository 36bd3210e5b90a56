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
 * <em>token event</em> is a {@link ChunkKind#CONTENT} or {@link ChunkKind#REASONING} chunk.
 * Role-only, empty, usage, error, done and malformed chunks, and SSE comments (never seen here),
 * are never tokens.
 *
 * <ul>
 *   <li>{@code ttfb = headers − send}
 *   <li>{@code ttft = first token event − send}
 *   <li>{@code gap = ttft − ttfb} (needs both)
 *   <li>{@code firstContent = first CONTENT event − send}; {@code firstReasoning = first REASONING
 *       event − send}
 *   <li>{@code e2e = [DONE] event − send}, or {@code end − send} when no {@code [DONE]} arrived but
 *       the stream ended
 *   <li>{@code itl[i] = token event[i+1] − token event[i]}, in arrival order ({@code 0} where
 *       events arrived in one read and share a timestamp)
 *   <li>{@code stalls}: the intervals of {@code itl} of at least {@value #STALL_FACTOR} × the
 *       request's median {@code itl} and at least {@value #STALL_FLOOR_MILLIS} ms — a pause far
 *       above the engine step, such as a server preempting the sequence when its KV cache is full
 *       (recompute on readmission), or another request's long prefill joining the batch; {@code
 *       longestStall} the largest of them. Undefined without an {@code itl}; {@code longestStall}
 *       also when there is no stall
 *   <li>{@code outputTokens}: the last {@code usage.completion_tokens} any chunk reported (source
 *       {@code "usage"}); else the {@link TokenCounter} count of all token texts concatenated
 *       (source {@code "tokenizer"}); undefined (source null) when there is neither
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

  /**
   * {@code first event carrying a tool call − send}: the function name or first argument piece.
   *
   * <p>SKELETON (issue 25): empty until the grammars land.
   */
  public OptionalLong firstToolCallMillis() {
    return OptionalLong.empty();
  }

  /**
   * Number of tool calls the answer made (distinct call indexes); 0 when none.
   *
   * <p>SKELETON (issue 25): 0 until the grammars land.
   */
  public int toolCalls() {
    return 0;
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

  /** Number of token (content or reasoning) events. */
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

  /** Whether a {@code [DONE]} event arrived. */
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
