package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.validation.NonNull;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The streaming request every virtual user sends (always {@code stream: true}), in the API of
 * {@link #api()}.
 *
 * <p>Exactly one of {@link Prompt#text()} and {@link Prompt#tokens()} is present (neither with a
 * dataset). With {@code tokens}, the user message is {@link PromptBuilder#promptOfTokens(int,
 * long)} text of exactly that many tokens (counted with {@link dev.ttftgap.tokens.TokenCounter};
 * the chat template and the served model's tokenizer add or differ by a few).
 *
 * <p>{@link Prompt#mode()} decides whether requests share their prompt: {@link PromptMode#DISTINCT}
 * (the default) starts every request's user message with its own tag, so a server's prefix cache
 * finds nothing to reuse beyond the shared system prompt ({@link Prompt#sharedPrefixTokens()}
 * generated tokens, or {@link Prompt#systemPrompt()}); {@link PromptMode#REPEATED} sends the same
 * text every time, as the source articles' fixed-prompt experiments do. Per-request bodies come
 * from {@link RequestFactory}.
 *
 * @param model model id; empty = the one given by the settings or the server's
 * @param prompt the user and system messages
 * @param output what the request asks the model to generate
 * @param stream what the stream is asked to report besides the tokens
 * @param extras headers and body fields sent as written, and the header of the API key
 * @param dataset a JSONL file of conversations to replay; empty = generated prompts
 * @param conversation multi-turn conversations; empty = one request per user
 * @param api the API the body is written for, with its tools and reasoning effort
 */
public record RequestShape(
    Optional<String> model,
    Prompt prompt,
    Output output,
    StreamOptions stream,
    Extras extras,
    Optional<Path> dataset,
    Optional<Conversation> conversation,
    ApiShape api) {

  /** The header that carries the key unless a profile names another. */
  public static final String AUTHORIZATION = "Authorization";

  public RequestShape {
    NonNull.check(
        "model prompt output stream extras dataset conversation api",
        model,
        prompt,
        output,
        stream,
        extras,
        dataset,
        conversation,
        api);
    if (dataset.isEmpty() && prompt.text().isPresent() == prompt.tokens().isPresent()) {
      throw new IllegalArgumentException("exactly one of prompt and promptTokens must be present");
    }
  }

  /**
   * The user and system messages.
   *
   * @param text the user message, as written ({@code prompt})
   * @param tokens length of a generated user message, tokens ({@code promptTokens}); with {@code
   *     lengths}, their upper bound
   * @param lengths the distribution of {@code tokens}; empty = the fixed {@code tokens} (or the
   *     text prompt)
   * @param seed seed of the generated message ({@code promptSeed}); default 1
   * @param mode distinct (default) or repeated prompts ({@code prompts})
   * @param systemPrompt a system message sent before the user message; empty = none
   * @param sharedPrefixTokens tokens of a generated system prompt every request shares; 0 = none
   */
  public record Prompt(
      Optional<String> text,
      Optional<Integer> tokens,
      Optional<LengthDistribution> lengths,
      long seed,
      PromptMode mode,
      Optional<String> systemPrompt,
      int sharedPrefixTokens) {
    public Prompt {
      NonNull.check(
          "text tokens lengths mode systemPrompt", text, tokens, lengths, mode, systemPrompt);
    }
  }

  /**
   * What the request asks the model to generate.
   *
   * @param maxTokens {@code max_tokens}; default 64; with {@code lengths}, their upper bound
   * @param lengths the distribution of {@code max_tokens}; empty = the fixed {@code maxTokens}
   * @param temperature {@code temperature}; default 0.0
   * @param forceOutputLength send {@code ignore_eos: true} and {@code min_tokens = max_tokens}
   *     (vLLM, SGLang), so the server produces exactly {@code max_tokens}
   */
  public record Output(
      int maxTokens,
      Optional<LengthDistribution> lengths,
      double temperature,
      boolean forceOutputLength) {
    public Output {
      NonNull.check("lengths", lengths);
    }
  }

  /**
   * What the stream is asked to report besides the tokens.
   *
   * @param includeUsage ask for a usage chunk ({@code stream_options.include_usage}); default true
   * @param includeMetrics ask for the server's per-request timings (vLLM's {@code
   *     include_metrics}); default false
   */
  public record StreamOptions(boolean includeUsage, boolean includeMetrics) {}

  /**
   * Fields sent as written.
   *
   * @param headers extra HTTP headers, values as written (may reference {@code ${ENV_VAR}})
   * @param extraBody fields merged into the JSON body; empty = none
   * @param apiKeyHeader header that carries the API key: {@code Authorization} (as {@code Bearer
   *     KEY}, the default) or another name (the bare key, e.g. Azure's {@code api-key})
   */
  public record Extras(
      Map<String, String> headers, Optional<ObjectNode> extraBody, String apiKeyHeader) {
    /** No extra header or body field; the key in {@code Authorization}. */
    public static final Extras NONE = new Extras(Map.of(), Optional.empty(), AUTHORIZATION);

    public Extras {
      NonNull.check("extraBody apiKeyHeader", extraBody, apiKeyHeader);
      headers = Map.copyOf(headers);
      extraBody = extraBody.map(ObjectNode::deepCopy);
    }
  }

  /** The lengths of generated user messages: the distribution, or the fixed length. */
  public Optional<LengthDistribution> promptTokensDistribution() {
    return prompt.lengths().or(() -> prompt.tokens().map(LengthDistribution::fixed));
  }

  /** The lengths of {@code max_tokens}: the distribution, or the fixed value. */
  public LengthDistribution maxTokensDistribution() {
    return output.lengths().orElseGet(() -> LengthDistribution.fixed(output.maxTokens()));
  }

  /** A copy with {@code newModel} (for experiment arms pointed at other models). */
  public RequestShape withModel(Optional<String> newModel) {
    return new RequestShape(newModel, prompt, output, stream, extras, dataset, conversation, api);
  }

  /**
   * The user message: {@link Prompt#text()}, or generated text of {@link Prompt#tokens()} tokens.
   * Generating 2000 tokens takes a few milliseconds: call once per run, not per request.
   */
  public String promptText() {
    return prompt
        .text()
        .orElseGet(() -> PromptBuilder.promptOfTokens(prompt.tokens().get(), prompt.seed()));
  }
}
