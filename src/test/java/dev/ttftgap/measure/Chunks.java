package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;
import dev.ttftgap.stream.ChunkKind;
import dev.ttftgap.stream.ToolCallDelta;
import java.util.List;
import java.util.Map;

/**
 * Classified chunks of an OpenAI-compatible stream, built from the {@code data:} payloads a server
 * sends (how Gatling wraps them is the glue's business: {@code GatlingSseEvent}), or, for the
 * shapes the issue-25 grammars read (tool calls, other APIs), built by hand as those grammars
 * classify them.
 */
final class Chunks {
  static final Chunk DONE = ChunkClassifier.classifyData("[DONE]");

  private Chunks() {}

  /** The assistant role announced, no text yet: not a token. */
  static Chunk role(String chunkId) {
    return chunk(chunkId, "{\"role\":\"assistant\",\"content\":\"\"}");
  }

  static Chunk content(String chunkId, String text) {
    return chunk(chunkId, "{\"content\":\"" + text + "\"}");
  }

  static Chunk reasoning(String chunkId, String text) {
    return chunk(chunkId, "{\"reasoning_content\":\"" + text + "\"}");
  }

  /** The usage chunk after the last token ({@code "choices":[]}). */
  static Chunk usage(String chunkId, int promptTokens, int completionTokens) {
    return data(
        "{\"id\":\""
            + chunkId
            + "\",\"object\":\"chat.completion.chunk\",\"choices\":[],\"usage\":{\"prompt_tokens\":"
            + promptTokens
            + ",\"completion_tokens\":"
            + completionTokens
            + "}}");
  }

  /** An error object inside the stream, as vLLM sends one when the engine fails mid-request. */
  static Chunk error(String message) {
    return data("{\"error\":{\"message\":\"" + message + "\",\"code\":503}}");
  }

  /**
   * The finish chunk: an empty delta and why the answer ended ({@code stop}, {@code tool_calls}).
   */
  static Chunk finish(String chunkId, String reason) {
    return data(
        "{\"id\":\""
            + chunkId
            + "\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
            + "\"finish_reason\":\""
            + reason
            + "\"}]}");
  }

  /**
   * A piece of tool call {@code index}: its start (call id and function name, arguments null) or a
   * piece of its arguments (id and name null), as chat's {@code delta.tool_calls[]} or a Messages
   * {@code tool_use} block start / {@code input_json_delta} is classified.
   */
  static Chunk toolCall(String chunkId, int index, String callId, String name, String arguments) {
    return new Chunk(
        ChunkKind.TOOL_CALL,
        chunkId,
        null,
        null,
        null,
        null,
        null,
        Map.of(),
        List.of(new ToolCallDelta(index, callId, name, arguments)),
        null);
  }

  /**
   * A chunk of no output that ends the answer ({@code finishReason}) and may report usage: the
   * Messages API's {@code message_delta} ({@code stop_reason}, {@code usage.output_tokens}).
   */
  static Chunk answerEnd(String chunkId, String finishReason, Integer completionTokens) {
    return new Chunk(
        ChunkKind.EMPTY, chunkId, null, completionTokens, null, finishReason, null, Map.of());
  }

  /** An error event of any API ({@code event: error} of Messages or Responses), as classified. */
  static Chunk errorEvent(String message) {
    return new Chunk(ChunkKind.ERROR, null, null, null, null, null, message, Map.of());
  }

  /** The end of a stream of any API ({@code message_stop}, {@code response.completed}). */
  static Chunk end(String chunkId) {
    return new Chunk(ChunkKind.DONE, chunkId, null, null, null, null, null, Map.of());
  }

  /** The chunk of any payload. */
  static Chunk data(String payload) {
    return ChunkClassifier.classifyData(payload);
  }

  private static Chunk chunk(String chunkId, String delta) {
    return data(
        "{\"id\":\""
            + chunkId
            + "\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":"
            + delta
            + ",\"finish_reason\":null}]}");
  }
}
