package dev.ttftgap.measure;

import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;

/**
 * Classified chunks of an OpenAI-compatible stream, built from the {@code data:} payloads a server
 * sends (how Gatling wraps them is the glue's business: {@code GatlingSseEvent}).
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
