package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The non-streaming legacy completion ({@code POST /v1/completions}): one {@code text_completion}
 * object with {@code choices[0].text} and {@code usage}, as OpenAI and vLLM send it. Legacy
 * completions have neither reasoning nor tools: every token is text.
 */
final class TextCompletionReply implements WholeReply {
  @Override
  public ObjectNode body(
      String id, long createdEpochSeconds, ChatRequest request, int completionTokens) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    ObjectNode choice = firstChoice(root, "text_completion", id, createdEpochSeconds, request);
    choice.put("text", Words.of(request, completionTokens).text());
    choice.putNull("logprobs");
    choice.put("finish_reason", request.finishReason());
    usage(root, request, completionTokens);
    return root;
  }

  /**
   * Fills {@code root} with OpenAI's head ({@code id}, {@code object}, {@code created}, {@code
   * model}), shared with chat, and returns its {@code choices[0]}.
   */
  static ObjectNode firstChoice(
      ObjectNode root, String object, String id, long createdEpochSeconds, ChatRequest request) {
    root.put("id", id).put("object", object).put("created", createdEpochSeconds);
    root.put("model", request.profile().name());
    return root.putArray("choices").addObject().put("index", 0);
  }

  /** OpenAI's {@code usage} object ({@code prompt_tokens}, ...), shared with chat. */
  static void usage(ObjectNode root, ChatRequest request, int completionTokens) {
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", request.promptTokens());
    usage.put("completion_tokens", completionTokens);
    usage.put("total_tokens", request.promptTokens() + completionTokens);
  }
}
