package dev.ttftgap.engine;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code POST /v1/messages} events, as Anthropic streams them: {@code message_start} (with {@code
 * usage.input_tokens}) and a {@code ping}; per content block {@code content_block_start}, {@code
 * content_block_delta} ({@code thinking_delta}, {@code text_delta} or {@code input_json_delta}) and
 * {@code content_block_stop} (a thinking block ends with its {@code signature_delta}); then {@code
 * message_delta} with {@code stop_reason} ({@code end_turn}, {@code max_tokens}, {@code tool_use})
 * and the cumulative {@code usage.output_tokens}, and {@code message_stop}. A failure is {@code
 * event: error} with Anthropic's error object.
 */
final class MessagesEncoder implements StreamEncoder {
  private final String id;
  private final ChatRequest request;
  private OutputPart open;
  private int block = -1;

  MessagesEncoder(String id, ChatRequest request) {
    this.id = id;
    this.request = request;
  }

  @Override
  public ByteBuf opening(ByteBufAllocator alloc) {
    String message =
        "{\"id\":\""
            + id
            + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":"
            + SseText.quote(request.profile().name())
            + ",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,"
            + "\"usage\":{\"input_tokens\":"
            + request.promptTokens()
            + ",\"output_tokens\":1}}";
    return new SseText()
        .event("message_start", "{\"type\":\"message_start\",\"message\":" + message + "}")
        .event("ping", "{\"type\":\"ping\"}")
        .take(alloc);
  }

  @Override
  public ByteBuf token(ByteBufAllocator alloc, int index, byte[] word) {
    SseText events = new SseText();
    OutputPart part = request.part(index);
    if (part != open) {
      stop(events);
      start(events, part);
    }
    String delta =
        switch (part) {
          case REASONING ->
              "{\"type\":\"thinking_delta\",\"thinking\":" + SseText.quote(word) + "}";
          case CONTENT -> "{\"type\":\"text_delta\",\"text\":" + SseText.quote(word) + "}";
          case TOOL_CALL ->
              "{\"type\":\"input_json_delta\",\"partial_json\":\""
                  + request.quotedToolPiece(index, new String(word, StandardCharsets.UTF_8))
                  + "\"}";
        };
    return events
        .event(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":" + block + ",\"delta\":" + delta + "}")
        .take(alloc);
  }

  private void start(SseText events, OutputPart part) {
    open = part;
    block++;
    String content =
        switch (part) {
          case REASONING -> "{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"\"}";
          case CONTENT -> "{\"type\":\"text\",\"text\":\"\"}";
          case TOOL_CALL ->
              "{\"type\":\"tool_use\",\"id\":\"toolu_"
                  + id
                  + "\",\"name\":"
                  + SseText.quote(request.toolCall().name())
                  + ",\"input\":{}}";
        };
    events.event(
        "content_block_start",
        "{\"type\":\"content_block_start\",\"index\":"
            + block
            + ",\"content_block\":"
            + content
            + "}");
  }

  private void stop(SseText events) {
    if (open == null) {
      return;
    }
    if (open == OutputPart.REASONING) {
      events.event(
          "content_block_delta",
          "{\"type\":\"content_block_delta\",\"index\":"
              + block
              + ",\"delta\":{\"type\":\"signature_delta\",\"signature\":\"sim-"
              + id
              + "\"}}");
    }
    events.event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + block + "}");
    open = null;
  }

  @Override
  public List<ByteBuf> ending(
      ByteBufAllocator alloc, int completionTokens, String metricsJson, boolean done) {
    SseText events = new SseText();
    stop(events);
    String stopReason = stopReason(request);
    events.event(
        "message_delta",
        "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\""
            + stopReason
            + "\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":"
            + completionTokens
            + "}"
            + (metricsJson == null ? "" : ",\"metrics\":" + metricsJson)
            + "}");
    if (done) {
      events.event("message_stop", "{\"type\":\"message_stop\"}");
    }
    return List.of(events.take(alloc));
  }

  /** Anthropic's {@code stop_reason} of the request's (chat-named) finish reason. */
  static String stopReason(ChatRequest request) {
    return switch (request.finishReason()) {
      case "length" -> "max_tokens";
      case "tool_calls" -> "tool_use";
      default -> "end_turn";
    };
  }

  @Override
  public ByteBuf failure(ByteBufAllocator alloc, String message) {
    return new SseText()
        .event("error", ApiException.anthropicError("api_error", message))
        .take(alloc);
  }
}
