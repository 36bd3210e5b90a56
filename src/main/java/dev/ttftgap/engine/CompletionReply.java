package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The answer to a non-streaming chat request ({@code "stream": false}): one {@code chat.completion}
 * JSON object once the scheduler produced every token, as OpenAI sends it.
 */
final class CompletionReply {
  /**
   * The whole response: the words of the {@code completionTokens} tokens served, as reasoning
   * ({@code reasoning_content}), text ({@code content}) or a tool call ({@code tool_calls}) as the
   * request's {@link OutputPart}s say.
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
    StringBuilder text = new StringBuilder();
    StringBuilder reasoning = new StringBuilder();
    for (int i = 0; i < completionTokens; i++) {
      OutputPart part = request.part(i);
      if (part != OutputPart.TOOL_CALL) {
        (part == OutputPart.REASONING ? reasoning : text)
            .append(WordList.word(i, request.promptTokens()));
      }
    }
    if (request.toolCall() == null) {
      message.put("content", text.toString());
    } else {
      message.putNull("content");
      ObjectNode call = message.putArray("tool_calls").addObject();
      call.put("id", "call_" + id).put("type", "function");
      call.putObject("function")
          .put("name", request.toolCall().name())
          .put("arguments", request.toolArguments(completionTokens));
    }
    if (reasoning.length() > 0) {
      message.put("reasoning_content", reasoning.toString());
    }
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
