package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The non-streaming chat answer: one {@code chat.completion} object, as OpenAI sends it, with the
 * reasoning ({@code reasoning_content}, as vLLM adds it), the text ({@code content}) or a tool call
 * ({@code tool_calls}) as the request's {@link OutputPart}s say.
 */
final class CompletionReply implements WholeReply {
  @Override
  public ObjectNode body(
      String id, long createdEpochSeconds, ChatRequest request, int completionTokens) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    ObjectNode choice =
        TextCompletionReply.firstChoice(root, "chat.completion", id, createdEpochSeconds, request);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    Words words = Words.of(request, completionTokens);
    if (request.toolCall() == null) {
      message.put("content", words.text());
    } else {
      message.putNull("content");
      ObjectNode call = message.putArray("tool_calls").addObject();
      call.put("id", "call_" + id).put("type", "function");
      call.putObject("function")
          .put("name", request.toolCall().name())
          .put("arguments", request.toolArguments(completionTokens));
    }
    if (!words.reasoning().isEmpty()) {
      message.put("reasoning_content", words.reasoning());
    }
    choice.putNull("logprobs");
    choice.put("finish_reason", request.finishReason());
    TextCompletionReply.usage(root, request, completionTokens);
    return root;
  }
}
