package dev.ttftgap.stream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Map;

/**
 * The grammar of Anthropic Messages streams: typed events, the type in the payload's {@code type}
 * (else the SSE event name). {@code message_start} opens ({@link ChunkKind#ROLE_ONLY}: the message
 * id and {@code usage.input_tokens}); a {@code tool_use} {@code content_block_start} is a tool call
 * (its id and name, numbered by the block {@code index}); {@code content_block_delta} is content
 * ({@code text_delta}), reasoning ({@code thinking_delta}) or a tool call's arguments ({@code
 * input_json_delta}); {@code message_delta} carries {@code usage.output_tokens} and {@code
 * delta.stop_reason} ({@link ChunkKind#USAGE}); {@code message_stop} ends ({@link ChunkKind#DONE});
 * {@code error} is {@link ChunkKind#ERROR}. Everything else ({@code ping}, {@code
 * content_block_stop}, {@code signature_delta}, unknown types) is {@link ChunkKind#EMPTY}.
 */
final class MessagesGrammar {
  private MessagesGrammar() {}

  /** What one pass over an event found. */
  private static final class Fields {
    Integer index;
    String messageId;
    Integer inputTokens;
    Integer outputTokens;
    String blockType;
    String blockId;
    String blockName;
    String deltaType;
    String deltaText;
    String stopReason;
    String errorMessage;
  }

  static Chunk classify(String eventName, String data) {
    return TypedEvents.classify(
        eventName, data, new Fields(), MessagesGrammar::field, MessagesGrammar::toChunk);
  }

  private static void field(JsonParser parser, Fields f, String name, JsonToken value)
      throws IOException {
    switch (name) {
      case "index" -> f.index = GrammarJson.integer(parser, value);
      case "message" -> GrammarJson.ifObject(value, () -> readMessage(parser, f));
      case "content_block" -> GrammarJson.ifObject(value, () -> readBlock(parser, f));
      case "delta" -> GrammarJson.ifObject(value, () -> readDelta(parser, f));
      case "usage" -> GrammarJson.ifObject(value, () -> readUsage(parser, f));
      case "error" -> {
        if (value == JsonToken.START_OBJECT) {
          f.errorMessage = GrammarJson.errorObject(parser);
        } else if (value == JsonToken.VALUE_STRING) {
          f.errorMessage = parser.getText();
        }
      }
      default -> {}
    }
  }

  private static void readMessage(JsonParser parser, Fields f) throws IOException {
    GrammarJson.fields(
        parser,
        (name, value) -> {
          if (name.equals("id")) {
            f.messageId = GrammarJson.text(parser, value);
          } else if (name.equals("usage") && value == JsonToken.START_OBJECT) {
            f.inputTokens = GrammarJson.inputOutputTokens(parser)[0];
          }
        });
  }

  private static void readBlock(JsonParser parser, Fields f) throws IOException {
    GrammarJson.fields(
        parser,
        (name, value) -> {
          switch (name) {
            case "type" -> f.blockType = GrammarJson.string(parser, value);
            case "id" -> f.blockId = GrammarJson.text(parser, value);
            case "name" -> f.blockName = GrammarJson.text(parser, value);
            default -> {}
          }
        });
  }

  private static void readDelta(JsonParser parser, Fields f) throws IOException {
    GrammarJson.fields(
        parser,
        (name, value) -> {
          switch (name) {
            case "type" -> f.deltaType = GrammarJson.string(parser, value);
            case "text", "thinking", "partial_json" -> {
              String text = GrammarJson.text(parser, value);
              f.deltaText = text != null ? text : f.deltaText;
            }
            case "stop_reason" -> f.stopReason = GrammarJson.text(parser, value);
            default -> {}
          }
        });
  }

  private static void readUsage(JsonParser parser, Fields f) throws IOException {
    Integer[] counts = GrammarJson.inputOutputTokens(parser);
    f.inputTokens = counts[0] != null ? counts[0] : f.inputTokens;
    f.outputTokens = counts[1];
  }

  private static Chunk toChunk(String type, Fields f) {
    int index = f.index != null && f.index >= 0 ? f.index : 0;
    return switch (type) {
      case "message_start" ->
          new Chunk(
              ChunkKind.ROLE_ONLY, f.messageId, null, null, f.inputTokens, null, null, Map.of());
      case "content_block_start" ->
          "tool_use".equals(f.blockType) && (f.blockId != null || f.blockName != null)
              ? Chunk.ofToolCall(new ToolCallDelta(index, f.blockId, f.blockName, null))
              : Chunk.of(ChunkKind.EMPTY);
      case "content_block_delta" -> delta(index, f);
      case "message_delta" ->
          new Chunk(
              ChunkKind.USAGE,
              null,
              null,
              f.outputTokens,
              f.inputTokens,
              f.stopReason,
              null,
              Map.of());
      case "message_stop" -> Chunk.of(ChunkKind.DONE);
      case "error" -> Chunk.ofError(null, f.errorMessage != null ? f.errorMessage : "error event");
      default -> Chunk.of(ChunkKind.EMPTY);
    };
  }

  private static Chunk delta(int index, Fields f) {
    if (f.deltaText == null || f.deltaType == null) {
      return Chunk.of(ChunkKind.EMPTY);
    }
    return switch (f.deltaType) {
      case "text_delta" -> Chunk.ofText(ChunkKind.CONTENT, f.deltaText);
      case "thinking_delta" -> Chunk.ofText(ChunkKind.REASONING, f.deltaText);
      case "input_json_delta" ->
          Chunk.ofToolCall(new ToolCallDelta(index, null, null, f.deltaText));
      default -> Chunk.of(ChunkKind.EMPTY);
    };
  }
}
