package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
          "conversation");
  static final int MAX_PROMPT_TOKENS = 200_000;

  private RequestProfile() {}

  static RequestShape parse(JsonFields fields) {
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
    Optional<String> prompt = fields.optionalString("prompt", "use the prompt text in quotes");
    Optional<LengthDistribution> promptLengths =
        fields
            .optional("promptTokens")
            .map(node -> LengthProfile.parse(fields, "promptTokens", node, MAX_PROMPT_TOKENS));
    Optional<Integer> promptTokens = promptLengths.map(LengthDistribution::max);
    Optional<Path> dataset =
        fields
            .optionalString("dataset", "use the path of a JSONL file in quotes")
            .map(path -> ConversationProfile.datasetPath(fields, path));
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
    long promptSeed =
        fields.optionalWholeNumber("promptSeed", 0, Long.MAX_VALUE, "a seed").orElse(1L);
    LengthDistribution maxTokensLengths =
        fields
            .optional("maxTokens")
            .map(node -> LengthProfile.parse(fields, "maxTokens", node, 1_000_000))
            .orElse(LengthDistribution.fixed(64));
    int maxTokens = maxTokensLengths.max();
    double temperature =
        fields
            .optionalNumber("temperature", 0, false, 2, "a temperature", "use a number from 0 to 2")
            .orElse(0.0);
    boolean includeUsage = fields.optionalBoolean("includeUsage").orElse(true);
    boolean includeMetrics = fields.optionalBoolean("includeMetrics").orElse(false);
    Optional<String> systemPrompt =
        fields.optionalString("systemPrompt", "use the system message in quotes, or null");
    if (systemPrompt.isPresent() && systemPrompt.get().isEmpty()) {
      throw fields.error(
          fields.child("systemPrompt"), "\"\" is empty; use some text, or null for none");
    }
    PromptMode prompts =
        fields
            .optionalChoice("prompts", List.of("distinct", "repeated"))
            .map(text -> text.equals("repeated") ? PromptMode.REPEATED : PromptMode.DISTINCT)
            .orElse(PromptMode.DISTINCT);
    if (fields.has("prompts") && dataset.isPresent()) {
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
    boolean forceOutputLength = fields.optionalBoolean("forceOutputLength").orElse(false);
    Map<String, String> headers = RequestExtras.headers(fields);
    Optional<ObjectNode> extraBody = RequestExtras.extraBody(fields, forceOutputLength);
    String apiKeyHeader = RequestExtras.apiKeyHeader(fields);
    Optional<Conversation> conversation =
        fields
            .optionalObject("conversation", ConversationProfile.FIELDS)
            .map(conv -> ConversationProfile.parse(conv, dataset.isPresent()));
    return new RequestShape(
        model,
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
        promptLengths.filter(d -> !d.isFixed()),
        Optional.of(maxTokensLengths).filter(d -> !d.isFixed()),
        forceOutputLength,
        headers,
        extraBody,
        apiKeyHeader,
        dataset,
        conversation);
  }
}
