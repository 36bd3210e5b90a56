package dev.ttftgap.engine;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code POST /v1/completions} events, as OpenAI and vLLM stream them: {@code text_completion}
 * chunks with {@code choices[].text}, no role chunk, a finish chunk, a usage-only chunk when {@code
 * stream_options.include_usage} asks, then {@code data: [DONE]}. Legacy completions have neither
 * reasoning nor tools: every token is text.
 */
final class CompletionsEncoder implements StreamEncoder {
  private final ChatRequest request;
  private final String prefix;

  CompletionsEncoder(String id, ChatRequest request, long createdEpochSeconds) {
    this.request = request;
    this.prefix =
        "{\"id\":\""
            + id
            + "\",\"object\":\"text_completion\",\"created\":"
            + createdEpochSeconds
            + ",\"model\":"
            + SseText.quote(request.profile().name())
            + ",\"choices\":[";
  }

  @Override
  public ByteBuf opening(ByteBufAllocator alloc) {
    return null;
  }

  @Override
  public ByteBuf token(ByteBufAllocator alloc, int index, byte[] word) {
    return new SseText().data(prefix + choice(SseText.quote(word), "null") + "]}").take(alloc);
  }

  private static String choice(String text, String finishReason) {
    return "{\"index\":0,\"text\":"
        + text
        + ",\"logprobs\":null,\"finish_reason\":"
        + finishReason
        + "}";
  }

  @Override
  public List<ByteBuf> ending(
      ByteBufAllocator alloc, int completionTokens, String metricsJson, boolean done) {
    String metrics = metricsJson == null ? "" : ",\"metrics\":" + metricsJson;
    List<ByteBuf> events = new ArrayList<>(3);
    String finish = "\"" + request.finishReason() + "\"";
    events.add(
        new SseText()
            .data(
                prefix
                    + choice("\"\"", finish)
                    + "]"
                    + (request.includeUsage() ? "" : metrics)
                    + "}")
            .take(alloc));
    if (request.includeUsage()) {
      int prompt = request.promptTokens();
      events.add(
          new SseText()
              .data(
                  prefix
                      + "],\"usage\":{\"prompt_tokens\":"
                      + prompt
                      + ",\"completion_tokens\":"
                      + completionTokens
                      + ",\"total_tokens\":"
                      + (prompt + completionTokens)
                      + "}"
                      + metrics
                      + "}")
              .take(alloc));
    }
    if (done) {
      events.add(ChunkEncoder.done(alloc));
    }
    return events;
  }

  @Override
  public ByteBuf failure(ByteBufAllocator alloc, String message) {
    return ChunkEncoder.error(alloc, message, "server_error", 500);
  }
}
