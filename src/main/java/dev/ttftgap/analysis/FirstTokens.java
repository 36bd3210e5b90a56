package dev.ttftgap.analysis;

/**
 * A step's first output token by kind, over its successful requests. TTFT is the first output of
 * any kind, but a reasoning model's user waits for the first visible answer token (TTFVT) and an
 * agent waits for the first tool call (TTFTC): each gets its own latency summary here. A kind that
 * no successful request of the step produced has a null summary (undefined, never 0).
 *
 * @param ttfvt send → first visible answer token ({@code firstContentMillis})
 * @param ttfr send → first reasoning token ({@code firstReasoningMillis})
 * @param ttftc send → first tool call ({@code firstToolCallMillis})
 * @param toolCallRequests successful requests whose answer called a tool
 * @param reasoningRequests successful requests that streamed reasoning
 */
public record FirstTokens(
    LatencySummary ttfvt,
    LatencySummary ttfr,
    LatencySummary ttftc,
    int toolCallRequests,
    int reasoningRequests) {

  /** No first token of any kind measured (a step of older records, or without success). */
  public static final FirstTokens NONE = new FirstTokens(null, null, null, 0, 0);

  /**
   * True when the step saw reasoning or a tool call, i.e. its first answer token may come after its
   * first output and the per-kind figures say more than TTFT.
   */
  public boolean beyondContent() {
    return toolCallRequests > 0 || reasoningRequests > 0 || ttfr != null || ttftc != null;
  }
}
