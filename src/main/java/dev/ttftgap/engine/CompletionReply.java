package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The answer to a non-streaming request ({@code "stream": false}): the words collected as the
 * scheduler produces them, then one {@code chat.completion} JSON object, as OpenAI sends it.
 */
final class CompletionReply {
  private final StringBuilder text = new StringBuilder();

  /** One more token of the answer. */
  void append(String word) {
    text.append(word);
  }

  /**
   * The whole response.
   *
   * @param metrics vLLM-style per-request metrics to add, or null
   */
  FullHttpResponse response(
      String id,
      long createdEpochSeconds,
      ChatRequest request,
      int completionTokens,
      ObjectNode metrics) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    root.put("id", id);
    root.put("object", "chat.completion");
    root.put("created", createdEpochSeconds);
    root.put("model", request.profile().name());
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    message.put("content", text.toString());
    choice.putNull("logprobs");
    choice.put("finish_reason", request.finishReason());
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", request.promptTokens());
    usage.put("completion_tokens", completionTokens);
    usage.put("total_tokens", request.promptTokens() + completionTokens);
    if (metrics != null) {
      root.set("metrics", metrics);
    }
    FullHttpResponse response = HttpResponses.json(HttpResponseStatus.OK, root.toString());
    response.headers().set("x-request-id", id);
    return response;
  }
}
