package dev.ttftgap.stream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Map;

/**
 * The grammar of OpenAI Responses streams: typed events, the type in the payload's {@code type}
 * (else the SSE event name). Output is {@code response.output_text.delta} (content), {@code
 * response.reasoning_text.delta} and {@code response.reasoning_summary_text.delta} (reasoning), a
 * {@code function_call} item in {@code response.output_item.added} and {@code
 * response.function_call_arguments.delta} (tool call, numbered by {@code output_index}). {@code
 * response.completed} and {@code response.incomplete} end the stream ({@link ChunkKind#DONE}, with
 * {@code response.usage.input_tokens/output_tokens}); {@code response.failed} and {@code error} are
 * {@link ChunkKind#ERROR}. {@code response.created} is the opening ({@link ChunkKind#ROLE_ONLY});
 * every other type, known or not, is {@link ChunkKind#EMPTY}: never output.
 */
final class ResponsesGrammar {
  private ResponsesGrammar() {}

  /** What one pass over an event found. */
  private static final class Fields {
    String delta;
    Integer outputIndex;
    String message;
    String code;
    String errorMessage;
    String responseId;
    String status;
    Integer inputTokens;
    Integer outputTokens;
    String incompleteReason;
    String responseError;
    boolean outputHasFunctionCall;
    String itemType;
    String itemCallId;
    String itemName;
    String itemArguments;
  }

  static Chunk classify(String eventName, String data) {
    return TypedEvents.classify(
        eventName, data, new Fields(), ResponsesGrammar::field, ResponsesGrammar::toChunk);
  }

  private static void field(JsonParser parser, Fields f, String name, JsonToken value)
      throws IOException {
    switch (name) {
      case "delta" -> f.delta = GrammarJson.string(parser, value);
      case "output_index" -> f.outputIndex = GrammarJson.integer(parser, value);
      case "message" -> f.message = GrammarJson.string(parser, value);
      case "code" ->
          f.code = value.isScalarValue() && value != JsonToken.VALUE_NULL ? parser.getText() : null;
      case "error" ->
          GrammarJson.ifObject(value, () -> f.errorMessage = GrammarJson.errorObject(parser));
      case "response" -> GrammarJson.ifObject(value, () -> readResponse(parser, f));
      case "item" -> GrammarJson.ifObject(value, () -> readItem(parser, f));
      default -> {}
    }
  }

  private static void readResponse(JsonParser parser, Fields f) throws IOException {
    GrammarJson.fields(
        parser,
        (name, value) -> {
          switch (name) {
            case "id" -> f.responseId = GrammarJson.text(parser, value);
            case "status" -> f.status = GrammarJson.string(parser, value);
            case "usage" ->
                GrammarJson.ifObject(
                    value,
                    () -> {
                      Integer[] counts = GrammarJson.inputOutputTokens(parser);
                      f.inputTokens = counts[0];
                      f.outputTokens = counts[1];
                    });
            case "incomplete_details" -> {
              if (value == JsonToken.START_OBJECT) {
                GrammarJson.fields(
                    parser,
                    (field, reason) -> {
                      if (field.equals("reason")) {
                        f.incompleteReason = GrammarJson.text(parser, reason);
                      }
                    });
              }
            }
            case "error" ->
                GrammarJson.ifObject(
                    value, () -> f.responseError = GrammarJson.errorObject(parser));
            case "output" -> GrammarJson.ifArray(value, () -> readOutputTypes(parser, f));
            default -> {}
          }
        });
  }

  private static void readOutputTypes(JsonParser parser, Fields f) throws IOException {
    JsonToken element;
    while ((element = parser.nextToken()) != JsonToken.END_ARRAY && element != null) {
      if (element == JsonToken.START_OBJECT) {
        GrammarJson.fields(
            parser,
            (name, value) ->
                f.outputHasFunctionCall |=
                    name.equals("type")
                        && "function_call".equals(GrammarJson.string(parser, value)));
      } else {
        parser.skipChildren();
      }
    }
  }

  private static void readItem(JsonParser parser, Fields f) throws IOException {
    GrammarJson.fields(
        parser,
        (name, value) -> {
          switch (name) {
            case "type" -> f.itemType = GrammarJson.string(parser, value);
            case "call_id" -> f.itemCallId = GrammarJson.text(parser, value);
            case "name" -> f.itemName = GrammarJson.text(parser, value);
            case "arguments" -> f.itemArguments = GrammarJson.text(parser, value);
            default -> {}
          }
        });
  }

  private static Chunk toChunk(String type, Fields f) {
    int index = f.outputIndex != null && f.outputIndex >= 0 ? f.outputIndex : 0;
    String delta = f.delta == null || f.delta.isEmpty() ? null : f.delta;
    return switch (type) {
      case "response.output_text.delta" -> Chunk.ofText(ChunkKind.CONTENT, delta);
      case "response.reasoning_text.delta", "response.reasoning_summary_text.delta" ->
          Chunk.ofText(ChunkKind.REASONING, delta);
      case "response.output_item.added" ->
          "function_call".equals(f.itemType) && (f.itemName != null || f.itemCallId != null)
              ? Chunk.ofToolCall(
                  new ToolCallDelta(index, f.itemCallId, f.itemName, f.itemArguments))
              : Chunk.of(ChunkKind.EMPTY);
      case "response.function_call_arguments.delta" ->
          delta == null
              ? Chunk.of(ChunkKind.EMPTY)
              : Chunk.ofToolCall(new ToolCallDelta(index, null, null, delta));
      case "response.completed", "response.incomplete" -> done(type, f);
      case "response.failed" ->
          Chunk.ofError(f.responseId, firstOf(f.responseError, f.errorMessage, "response failed"));
      case "error" ->
          Chunk.ofError(
              f.responseId,
              firstOf(
                  GrammarJson.messageOf(f.message, null, f.code), f.errorMessage, "error event"));
      case "response.created", "response.in_progress" -> opening(f.responseId);
      default -> Chunk.of(ChunkKind.EMPTY);
    };
  }

  private static Chunk opening(String id) {
    return new Chunk(
        id == null ? ChunkKind.EMPTY : ChunkKind.ROLE_ONLY,
        id,
        null,
        null,
        null,
        null,
        null,
        Map.of());
  }

  private static Chunk done(String type, Fields f) {
    String finish;
    if (type.equals("response.incomplete") || "incomplete".equals(f.status)) {
      finish = f.incompleteReason != null ? f.incompleteReason : "incomplete";
    } else {
      finish = f.outputHasFunctionCall ? "tool_calls" : "stop";
    }
    return new Chunk(
        ChunkKind.DONE, f.responseId, null, f.outputTokens, f.inputTokens, finish, null, Map.of());
  }

  private static String firstOf(String first, String second, String otherwise) {
    return first != null ? first : second != null ? second : otherwise;
  }
}
