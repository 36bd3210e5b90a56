package dev.ttftgap.engine;

import dev.ttftgap.stream.Api;
import java.util.Map;

/**
 * A validated request body of any {@link Api}, in the engine's terms: what the scheduler serves and
 * what the API's encoder turns into events (the record kept its first API's name).
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
 * @param api the API the request came in by (its encoder and error shape)
 * @param reasoningShare share of the output streamed as reasoning first: the profile's {@code
 *     reasoning_share} when the request asks for reasoning, else 0
 * @param toolCall the tool the answer calls (its arguments streamed as deltas); null when the
 *     answer is text
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
    Integer answerTokens,
    Api api,
    double reasoningShare,
    OfferedTool toolCall) {

  static final int PER_MESSAGE_TOKENS = 4;
  static final int PRIMING_TOKENS = 3;

  /**
   * Output tokens to generate: what the model wants to say ({@link #wanted}), cut at {@code
   * max_tokens} (without it, at the room left in the context).
   */
  int outputTokens() {
    return Math.min(wanted(), cap());
  }

  /**
   * {@code "tool_calls"} for a tool-call answer (its arguments are planned over the output tokens,
   * so the call is whole even when {@code max_tokens} sets their number); else {@code "length"}
   * when the cut ended the output, {@code "stop"} when the answer ended first (chat's names; each
   * encoder maps them to its API's).
   */
  String finishReason() {
    if (toolCall != null) {
      return "tool_calls";
    }
    return wanted() >= cap() ? "length" : "stop";
  }

  /**
   * Output tokens streamed as reasoning before the answer: {@code reasoningShare} of them, rounded,
   * leaving at least one token of answer when there are two or more.
   */
  int reasoningTokens() {
    int output = outputTokens();
    int reasoning = (int) Math.round(reasoningShare * output);
    return output > 1 ? Math.min(reasoning, output - 1) : 0;
  }

  /**
   * Tool-call token {@code index}'s piece of the JSON arguments ({@link OfferedTool}), escaped as
   * the inside of a JSON string.
   */
  String quotedToolPiece(int index, String word) {
    int first = reasoningTokens();
    return toolCall.quotedPiece(index - first, outputTokens() - first, word);
  }

  /** The whole JSON arguments of a tool-call answer of {@code tokens} tokens (words by index). */
  String toolArguments(int tokens) {
    StringBuilder arguments = new StringBuilder();
    int first = reasoningTokens();
    for (int i = first; i < tokens; i++) {
      arguments.append(
          OfferedTool.argumentsPiece(
              toolCall.argument(),
              i - first,
              outputTokens() - first,
              WordList.word(i, promptTokens)));
    }
    return arguments.toString();
  }

  /** What output token {@code index} (0-based) is: reasoning first, then text or tool call. */
  OutputPart part(int index) {
    if (index < reasoningTokens()) {
      return OutputPart.REASONING;
    }
    return toolCall != null ? OutputPart.TOOL_CALL : OutputPart.CONTENT;
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
   * Parses and validates a chat completions {@code body} ({@link ChatRequestParser}).
   *
   * @param profiles the served models by name
   * @param defaultProfile the model of a request without {@code model}
   * @throws ApiException 400 for malformed input, 404 for an unknown model
   */
  static ChatRequest parse(
      byte[] body, Map<String, ModelProfile> profiles, ModelProfile defaultProfile) {
    return ChatRequestParser.parse(Api.CHAT, body, profiles, defaultProfile);
  }

  /** Parses and validates a {@code body} sent to {@code api}'s path; see {@link #parse}. */
  static ChatRequest parse(
      Api api, byte[] body, Map<String, ModelProfile> profiles, ModelProfile defaultProfile) {
    return ChatRequestParser.parse(api, body, profiles, defaultProfile);
  }
}
