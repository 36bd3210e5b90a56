package dev.ttftgap.profile;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The {@code request} object of a profile or an experiment's arm, read into a {@link RequestShape}.
 */
final class RequestProfile {
  static final List<String> FIELDS =
      List.of(
          "model",
          "prompt",
          "promptTokens",
          "promptSeed",
          "maxTokens",
          "temperature",
          "includeUsage",
          "includeMetrics",
          "systemPrompt",
          "prompts",
          "sharedPrefixTokens",
          "forceOutputLength",
          "headers",
          "extraBody",
          "apiKeyHeader",
          "dataset",
          "conversation",
          "api",
          "ttftFrom",
          "tools",
          "toolChoice",
          "reasoningEffort");
  static final int MAX_PROMPT_TOKENS = 200_000;

  private RequestProfile() {}

  static RequestShape parse(JsonFields fields) {
    Optional<String> model = model(fields);
    Optional<String> text = fields.optionalString("prompt", "use the prompt text in quotes");
    Optional<LengthDistribution> promptLengths =
        fields
            .optional("promptTokens")
            .map(node -> LengthProfile.parse(fields, "promptTokens", node, MAX_PROMPT_TOKENS));
    Optional<Path> dataset =
        fields
            .optionalString("dataset", "use the path of a JSONL file in quotes")
            .map(path -> ConversationProfile.datasetPath(fields, path));
    checkOneSource(fields, text, promptLengths.map(LengthDistribution::max), dataset);
    long seed = fields.optionalWholeNumber("promptSeed", 0, Long.MAX_VALUE, "a seed").orElse(1L);
    LengthDistribution maxTokensLengths =
        fields
            .optional("maxTokens")
            .map(node -> LengthProfile.parse(fields, "maxTokens", node, 1_000_000))
            .orElse(LengthDistribution.fixed(64));
    double temperature =
        fields
            .optionalNumber("temperature", 0, false, 2, "a temperature", "use a number from 0 to 2")
            .orElse(0.0);
    RequestShape.StreamOptions stream =
        new RequestShape.StreamOptions(
            fields.optionalBoolean("includeUsage").orElse(true),
            fields.optionalBoolean("includeMetrics").orElse(false));
    RequestShape.Prompt prompt = prompt(fields, text, promptLengths, seed, dataset.isPresent());
    boolean forceOutputLength = fields.optionalBoolean("forceOutputLength").orElse(false);
    RequestShape.Output output =
        new RequestShape.Output(
            maxTokensLengths.max(),
            Optional.of(maxTokensLengths).filter(d -> !d.isFixed()),
            temperature,
            forceOutputLength);
    Optional<com.fasterxml.jackson.databind.node.ObjectNode> extraBody =
        RequestExtras.extraBody(fields, forceOutputLength);
    ApiShape api = ApiProfile.parse(fields, extraBody);
    ApiProfile.checkThinkingBudget(fields, api, output.maxTokens());
    RequestShape.Extras extras =
        new RequestShape.Extras(
            RequestExtras.withApiHeaders(RequestExtras.headers(fields), api.api()),
            extraBody,
            RequestExtras.apiKeyHeader(fields, api.api()));
    Optional<Conversation> conversation =
        fields
            .optionalObject("conversation", ConversationProfile.FIELDS)
            .map(conv -> ConversationProfile.parse(conv, dataset.isPresent()));
    return new RequestShape(model, prompt, output, stream, extras, dataset, conversation, api);
  }

  /** The optional model id, exactly as the server lists it. */
  private static Optional<String> model(JsonFields fields) {
    Optional<String> model =
        fields.optionalString("model", "use the model id in quotes, or null for the default");
    model.ifPresent(
        id -> {
          if (id.isBlank() || !id.equals(id.strip())) {
            throw fields.error(
                fields.child("model"),
                JsonFields.describe(fields.optional("model").orElseThrow())
                    + " has surrounding whitespace or is empty; use the exact model id");
          }
        });
    return model;
  }

  /** Exactly one source of user messages: a text prompt, a length or a dataset. */
  private static void checkOneSource(
      JsonFields fields,
      Optional<String> prompt,
      Optional<Integer> promptTokens,
      Optional<Path> dataset) {
    if (dataset.isPresent() && (prompt.isPresent() || promptTokens.isPresent())) {
      throw fields.error(
          fields.child(prompt.isPresent() ? "prompt" : "promptTokens"),
          "set together with dataset; the dataset gives the prompts, remove one of them");
    }
    if (dataset.isEmpty() && prompt.isPresent() == promptTokens.isPresent()) {
      throw fields.error(
          fields.child(prompt.isPresent() ? "promptTokens" : "prompt"),
          prompt.isPresent()
              ? "set together with prompt; give exactly one of prompt (text) or promptTokens"
                  + " (length)"
              : "missing; give exactly one of prompt (text), promptTokens (length) or dataset"
                  + " (a JSONL file)");
    }
    if (prompt.isPresent() && prompt.get().isEmpty()) {
      throw fields.error(
          fields.child("prompt"), "\"\" is empty; use some text, or promptTokens for a length");
    }
  }

  /**
   * The user message already read ({@code text} or {@code lengths}, {@code seed}) with the system
   * prompt and the prompt mode read from {@code fields}.
   */
  private static RequestShape.Prompt prompt(
      JsonFields fields,
      Optional<String> text,
      Optional<LengthDistribution> lengths,
      long seed,
      boolean dataset) {
    Optional<String> systemPrompt =
        fields.optionalString("systemPrompt", "use the system message in quotes, or null");
    if (systemPrompt.isPresent() && systemPrompt.get().isEmpty()) {
      throw fields.error(
          fields.child("systemPrompt"), "\"\" is empty; use some text, or null for none");
    }
    PromptMode mode =
        fields
            .optionalChoice("prompts", List.of("distinct", "repeated"))
            .map(choice -> choice.equals("repeated") ? PromptMode.REPEATED : PromptMode.DISTINCT)
            .orElse(PromptMode.DISTINCT);
    if (fields.has("prompts") && dataset) {
      throw fields.error(
          fields.child("prompts"),
          "does not apply with dataset (its rows are the prompts); remove it");
    }
    int sharedPrefixTokens =
        fields
            .optionalInt("sharedPrefixTokens", 0, MAX_PROMPT_TOKENS, "a number of tokens")
            .orElse(0);
    if (sharedPrefixTokens > 0 && systemPrompt.isPresent()) {
      throw fields.error(
          fields.child("sharedPrefixTokens"),
          "set together with systemPrompt; both are the shared system prompt, keep one");
    }
    return new RequestShape.Prompt(
        text,
        lengths.map(LengthDistribution::max),
        lengths.filter(d -> !d.isFixed()),
        seed,
        mode,
        systemPrompt,
        sharedPrefixTokens);
  }
}
