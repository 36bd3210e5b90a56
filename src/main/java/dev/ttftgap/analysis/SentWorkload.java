package dev.ttftgap.analysis;

import java.util.List;

/**
 * What the run sent, read back from its records: how the prompts were made, the lengths asked for
 * and received per step, and the time to first token per turn of multi-turn conversations.
 *
 * @param prompts how the prompts were made ({@code distinct}, {@code repeated}, {@code dataset}),
 *     each mode seen once, sorted; empty when the records do not say (older runs)
 * @param sharedPrefixTokens tokens of the system prompt every request shared (the largest seen);
 *     null when the records do not say
 * @param steps per load step, in step order
 * @param turns per turn index of multi-turn conversations; empty for single requests
 */
public record SentWorkload(
    List<String> prompts,
    Integer sharedPrefixTokens,
    List<StepLengths> steps,
    List<TurnLatency> turns) {

  public SentWorkload {
    prompts = List.copyOf(prompts);
    steps = List.copyOf(steps);
    turns = List.copyOf(turns);
  }

  /** Whether every request of the run sent the same prompt: a prefix cache served them warm. */
  public boolean repeatedPrompts() {
    return prompts.equals(List.of("repeated"));
  }

  /**
   * Lengths of one step's requests. Undefined values are null.
   *
   * @param step 1-based step index
   * @param label the step's label
   * @param requests requests of the step
   * @param promptTokensMean mean prompt tokens (the server's usage count, else the client's)
   * @param promptTokensP50 median prompt tokens
   * @param maxTokensMean mean {@code max_tokens} asked for
   * @param outputTokensMean mean output tokens received, over ok requests
   * @param outputTokensP50 median output tokens received, over ok requests
   * @param shortOutputPercent ok requests that got fewer tokens than {@code max_tokens}, percent
   * @param askedPromptTokensMean mean prompt length the requests were built for (the served model's
   *     tokens when the run calibrated), over the requests whose server counted them too; null when
   *     none did (or records of older runs)
   * @param servedPromptTokensMean mean of the server's own counts ({@code usage.prompt_tokens})
   *     over the same requests; null when none
   */
  public record StepLengths(
      int step,
      String label,
      int requests,
      Double promptTokensMean,
      Integer promptTokensP50,
      Double maxTokensMean,
      Double outputTokensMean,
      Integer outputTokensP50,
      Double shortOutputPercent,
      Double askedPromptTokensMean,
      Double servedPromptTokensMean) {

    /**
     * Served over asked, minus one, in percent ({@code +30} when the server counted 130 tokens for
     * 100 asked); null when either is undefined.
     */
    public Double servedVsAskedPercent() {
      return askedPromptTokensMean == null
              || servedPromptTokensMean == null
              || askedPromptTokensMean == 0
          ? null
          : 100.0 * (servedPromptTokensMean / askedPromptTokensMean - 1);
    }
  }

  /**
   * Time to first token of one turn index over every conversation.
   *
   * @param turn 1-based turn index
   * @param requests requests of that turn (warm-up excluded)
   * @param okRequests those that succeeded
   * @param promptTokensMean mean prompt tokens of the turn (history included)
   * @param ttft TTFT of the ok requests; null when none
   */
  public record TurnLatency(
      int turn, int requests, int okRequests, Double promptTokensMean, LatencySummary ttft) {}
}
