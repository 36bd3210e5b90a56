package dev.ttftgap.engine;

import java.util.Map;

/**
 * A validated {@code POST /v1/chat/completions} body.
 *
 * <p>Prompt tokens = Σ over messages of (tokens of the content, jtokkit {@code cl100k_base}) +
 * {@value #PER_MESSAGE_TOKENS} per message + {@value #PRIMING_TOKENS}, as OpenAI counts chat
 * prompts.
 *
 * @param profile the model the request is served by
 * @param promptTokens prompt length, tokens
 * @param blockHashes prefix-cache block hashes of the prompt; empty when the profile has no cache
 * @param maxTokens {@code max_tokens} (or {@code max_completion_tokens}); null when absent
 * @param stream {@code stream}
 * @param includeUsage {@code stream_options.include_usage}
 * @param includeMetrics vLLM's {@code include_metrics}
 * @param bodyFault the body's {@code sim_fault}
 * @param ignoreEos vLLM/SGLang's {@code ignore_eos}: generate {@code max_tokens} whatever the model
 *     would say
 * @param minTokens vLLM/SGLang's {@code min_tokens}: no end of sequence before that many; null when
 *     absent
 * @param answerTokens where the simulated model would end its answer by itself ({@link
 *     AnswerLength#draw}); null when the profile's answers run to {@code max_tokens}
 */
record ChatRequest(
    ModelProfile profile,
    int promptTokens,
    long[] blockHashes,
    Integer maxTokens,
    boolean stream,
    boolean includeUsage,
    boolean includeMetrics,
    SimFault bodyFault,
    boolean ignoreEos,
    Integer minTokens,
    Integer answerTokens) {

  static final int PER_MESSAGE_TOKENS = 4;
  static final int PRIMING_TOKENS = 3;

  /**
   * Output tokens to generate: what the model wants to say ({@link #wanted}), cut at {@code
   * max_tokens} (without it, at the room left in the context).
   */
  int outputTokens() {
    return Math.min(wanted(), cap());
  }

  /** {@code "length"} when the cut ended the output, {@code "stop"} when the answer ended first. */
  String finishReason() {
    return wanted() >= cap() ? "length" : "stop";
  }

  /**
   * Tokens the model would produce before its end of sequence: with {@code max_tokens}, all of them
   * when the profile's answers run to it or the request sets {@code ignore_eos}; otherwise the
   * answer's own length ({@code default_output_tokens} when the profile has no {@link
   * AnswerLength}), at least {@code min_tokens}.
   */
  private int wanted() {
    if (maxTokens != null && (answerTokens == null || ignoreEos)) {
      return maxTokens;
    }
    int own = answerTokens != null ? answerTokens : profile.defaultOutputTokens();
    return Math.max(own, minTokens == null ? 0 : minTokens);
  }

  private int cap() {
    return maxTokens != null ? maxTokens : profile.maxModelLen() - promptTokens;
  }

  /**
   * Parses and validates {@code body} ({@link ChatRequestParser}).
   *
   * @param profiles the served models by name
   * @param defaultProfile the model of a request without {@code model}
   * @throws ApiException 400 for malformed input, 404 for an unknown model
   */
  static ChatRequest parse(
      byte[] body, Map<String, ModelProfile> profiles, ModelProfile defaultProfile) {
    return ChatRequestParser.parse(body, profiles, defaultProfile);
  }
}
