package dev.ttftgap.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.profile.PromptBuilder;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.tokens.TokenCounter;

/**
 * The OpenAI-compatible streaming request a profile describes, rendered once: every user of a run
 * sends the same prompt, so that only the load changes between steps (the seeds' rule: fixed prompt,
 * change one variable at a time).
 *
 * <p>Always {@code stream: true}; asks for {@code stream_options.include_usage} so that output
 * tokens come from the server when it supports it, and for vLLM's per-request {@code metrics} only
 * when the profile says so (other servers may reject unknown fields).
 */
public final class ChatRequestBody {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long PROMPT_SEED = 42;

  private final String model;
  private final String json;
  private final int promptTokens;
  private final int maxTokens;

  private ChatRequestBody(String model, String json, int promptTokens, int maxTokens) {
    this.model = model;
    this.json = json;
    this.promptTokens = promptTokens;
    this.maxTokens = maxTokens;
  }

  /** The body for {@code shape}, sent to {@code model}. */
  public static ChatRequestBody of(RequestShape shape, String model) {
    String prompt =
        shape.prompt() != null ? shape.prompt() : PromptBuilder.promptOfTokens(shape.promptTokens(), PROMPT_SEED);
    ObjectNode root = JSON.createObjectNode();
    root.put("model", model);
    ArrayNode messages = root.putArray("messages");
    int tokens = TokenCounter.count(prompt);
    if (shape.systemPrompt() != null) {
      messages.addObject().put("role", "system").put("content", shape.systemPrompt());
      tokens += TokenCounter.count(shape.systemPrompt());
    }
    messages.addObject().put("role", "user").put("content", prompt);
    root.put("stream", true);
    root.put("max_tokens", shape.maxTokens());
    if (shape.temperature() != null) {
      root.put("temperature", shape.temperature());
    }
    if (shape.includeUsage()) {
      root.putObject("stream_options").put("include_usage", true);
    }
    if (shape.includeMetrics()) {
      root.put("include_metrics", true);
    }
    return new ChatRequestBody(model, root.toString(), tokens, shape.maxTokens());
  }

  public String model() {
    return model;
  }

  public String json() {
    return json;
  }

  /** Prompt tokens counted client side (system + user message), see {@link TokenCounter}. */
  public int promptTokens() {
    return promptTokens;
  }

  public int maxTokens() {
    return maxTokens;
  }
}
