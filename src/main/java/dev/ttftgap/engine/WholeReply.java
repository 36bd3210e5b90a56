package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The answer to a non-streaming request ({@code "stream": false}): one JSON object in the API's own
 * shape, written once the scheduler produced every token, as OpenAI, vLLM and Anthropic send it.
 * Only the body differs per API; the response around it is the same for all.
 */
@FunctionalInterface
interface WholeReply {
  /** The API's JSON body of the {@code completionTokens} tokens served to {@code request}. */
  ObjectNode body(String id, long createdEpochSeconds, ChatRequest request, int completionTokens);

  /**
   * The whole response: {@link #body}, with vLLM-style {@code metrics} when the request asked.
   *
   * @param metrics vLLM-style per-request metrics to add, or null
   */
  default FullHttpResponse response(
      String id,
      long createdEpochSeconds,
      ChatRequest request,
      int completionTokens,
      ObjectNode metrics) {
    ObjectNode root = body(id, createdEpochSeconds, request, completionTokens);
    if (metrics != null) {
      root.set("metrics", metrics);
    }
    FullHttpResponse response = HttpResponses.json(HttpResponseStatus.OK, root.toString());
    response.headers().set("x-request-id", id);
    return response;
  }

  /** The reply writer of {@code api}. */
  static WholeReply of(Api api) {
    return switch (api) {
      case CHAT -> new CompletionReply();
      case COMPLETIONS -> new TextCompletionReply();
      case RESPONSES ->
          (id, created, request, tokens) ->
              new ResponsesEncoder(id, request, created).whole(Words.of(request, tokens), tokens);
      case MESSAGES -> new MessageReply();
    };
  }

  /**
   * The words of the tokens served, by the request's {@link OutputPart}s: the reasoning and the
   * text (a tool call's tokens make its arguments instead, {@link ChatRequest#toolArguments}).
   */
  record Words(String reasoning, String text) {
    static Words of(ChatRequest request, int completionTokens) {
      StringBuilder text = new StringBuilder();
      StringBuilder reasoning = new StringBuilder();
      for (int i = 0; i < completionTokens; i++) {
        OutputPart part = request.part(i);
        if (part != OutputPart.TOOL_CALL) {
          (part == OutputPart.REASONING ? reasoning : text)
              .append(WordList.word(i, request.promptTokens()));
        }
      }
      return new Words(reasoning.toString(), text.toString());
    }
  }
}
