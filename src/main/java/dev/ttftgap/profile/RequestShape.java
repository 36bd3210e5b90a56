package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.validation.NonNull;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The chat-completion request every virtual user sends (always {@code stream: true}).
 *
 * <p>Exactly one of {@link #prompt()} and {@link #promptTokens()} is present. With {@code
 * promptTokens}, the user message is {@link PromptBuilder#promptOfTokens(int, long)} text of
 * exactly that many tokens (counted with {@link dev.ttftgap.tokens.TokenCounter}; the chat template
 * and the served model's tokenizer add or differ by a few).
 *
 * <p>{@link #prompts()} decides whether requests share their prompt: {@link PromptMode#DISTINCT}
 * (the default) starts every request's user message with its own tag, so a server's prefix cache
 * finds nothing to reuse beyond the shared system prompt ({@link #sharedPrefixTokens()} generated
 * tokens, or {@link #systemPrompt()}); {@link PromptMode#REPEATED} sends the same text every time,
 * as the source articles' fixed-prompt experiments do. Per-request bodies come from {@link
 * RequestFactory}.
 *
 * @param model model id; empty = the one given by the settings or the server's
 * @param prompt the user message, as written
 * @param promptTokens length of a generated user message, tokens
 * @param promptSeed seed of the generated message; default 1
 * @param maxTokens {@code max_tokens}; default 64
 * @param temperature {@code temperature}; default 0.0
 * @param includeUsage ask for a usage chunk ({@code stream_options.include_usage}); default true
 * @param includeMetrics ask for the server's per-request timings (vLLM's {@code include_metrics});
 *     default false
 * @param systemPrompt a system message sent before the user message; empty = none
 * @param prompts distinct (default) or repeated prompts
 * @param sharedPrefixTokens tokens of a generated system prompt every request shares; 0 = none
 * @param promptLengths the distribution of {@code promptTokens}; then {@code promptTokens} holds
 *     its upper bound; empty = the fixed {@code promptTokens} (or the text prompt)
 * @param maxTokensLengths the distribution of {@code max_tokens}; then {@code maxTokens} holds its
 *     upper bound; empty = the fixed {@code maxTokens}
 * @param forceOutputLength send {@code ignore_eos: true} and {@code min_tokens = max_tokens} (vLLM,
 *     SGLang), so the server produces exactly {@code max_tokens}
 * @param headers extra HTTP headers, values as written (may reference {@code ${ENV_VAR}})
 * @param extraBody fields merged into the JSON body; empty = none
 * @param apiKeyHeader header that carries the API key: {@code Authorization} (as {@code Bearer
 *     KEY}, the default) or another name (the bare key, e.g. Azure's {@code api-key})
 * @param dataset a JSONL file of conversations to replay; empty = generated prompts
 * @param conversation multi-turn conversations; empty = one request per user
 */
public record RequestShape(
    Optional<String> model,
    Optional<String> prompt,
    Optional<Integer> promptTokens,
    long promptSeed,
    int maxTokens,
    double temperature,
    boolean includeUsage,
    boolean includeMetrics,
    Optional<String> systemPrompt,
    PromptMode prompts,
    int sharedPrefixTokens,
    Optional<LengthDistribution> promptLengths,
    Optional<LengthDistribution> maxTokensLengths,
    boolean forceOutputLength,
    Map<String, String> headers,
    Optional<ObjectNode> extraBody,
    String apiKeyHeader,
    Optional<Path> dataset,
    Optional<Conversation> conversation) {

  /** The header that carries the key unless a profile names another. */
  public static final String AUTHORIZATION = "Authorization";

  public RequestShape {
    NonNull.check(
        "model prompts promptLengths maxTokensLengths apiKeyHeader dataset conversation prompt"
            + " promptTokens systemPrompt",
        model,
        prompts,
        promptLengths,
        maxTokensLengths,
        apiKeyHeader,
        dataset,
        conversation,
        prompt,
        promptTokens,
        systemPrompt);
    headers = Map.copyOf(headers);
    extraBody = extraBody.map(ObjectNode::deepCopy);
    if (dataset.isEmpty() && prompt.isPresent() == promptTokens.isPresent()) {
      throw new IllegalArgumentException("exactly one of prompt and promptTokens must be present");
    }
  }

  /** The lengths of generated user messages: the distribution, or the fixed length. */
  public Optional<LengthDistribution> promptTokensDistribution() {
    return promptLengths.or(() -> promptTokens.map(LengthDistribution::fixed));
  }

  /** The lengths of {@code max_tokens}: the distribution, or the fixed value. */
  public LengthDistribution maxTokensDistribution() {
    return maxTokensLengths.orElseGet(() -> LengthDistribution.fixed(maxTokens));
  }

  /** A copy with {@code newModel} (for experiment arms pointed at other models). */
  public RequestShape withModel(Optional<String> newModel) {
    return new RequestShape(
        newModel,
        prompt,
        promptTokens,
        promptSeed,
        maxTokens,
        temperature,
        includeUsage,
        includeMetrics,
        systemPrompt,
        prompts,
        sharedPrefixTokens,
        promptLengths,
        maxTokensLengths,
        forceOutputLength,
        headers,
        extraBody,
        apiKeyHeader,
        dataset,
        conversation);
  }

  /**
   * The user message: {@link #prompt()}, or generated text of {@link #promptTokens()} tokens.
   * Generating 2000 tokens takes a few milliseconds: call once per run, not per request.
   */
  public String promptText() {
    return prompt.orElseGet(() -> PromptBuilder.promptOfTokens(promptTokens.get(), promptSeed));
  }
}
