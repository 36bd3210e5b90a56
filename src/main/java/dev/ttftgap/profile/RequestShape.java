package dev.ttftgap.profile;

import java.util.Objects;
import java.util.Optional;

/**
 * The chat-completion request every virtual user sends (always {@code stream: true}).
 *
 * <p>Exactly one of {@link #prompt()} and {@link #promptTokens()} is present. With {@code
 * promptTokens}, the user message is {@link PromptBuilder#promptOfTokens(int, long)} text of
 * exactly that many tokens (counted with {@link dev.ttftgap.tokens.TokenCounter}; the chat template
 * and the served model's tokenizer add or differ by a few). The same seed gives the same text, so
 * every request carries the same prompt, as the seed articles' fixed-prompt experiments do.
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
    Optional<String> systemPrompt) {

  public RequestShape {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(prompt, "prompt");
    Objects.requireNonNull(promptTokens, "promptTokens");
    Objects.requireNonNull(systemPrompt, "systemPrompt");
    if (prompt.isPresent() == promptTokens.isPresent()) {
      throw new IllegalArgumentException("exactly one of prompt and promptTokens must be present");
    }
  }

  /**
   * The user message: {@link #prompt()}, or generated text of {@link #promptTokens()} tokens.
   * Generating 2000 tokens takes a few milliseconds: call once per run, not per request.
   */
  public String promptText() {
    return prompt.orElseGet(() -> PromptBuilder.promptOfTokens(promptTokens.get(), promptSeed));
  }
}
