package dev.ttftgap.measure;

/**
 * SSE events as Gatling 3.15 hands them to checks: {@code {"data":<chunk>}} with the chunk JSON
 * embedded raw, {@code {"data":[DONE]}} for the end (not JSON: see {@link
 * dev.ttftgap.stream.ChunkClassifier#classifyGatlingEvent}).
 */
final class GatlingEventJson {
  static final String DONE = "{\"data\":[DONE]}";

  private GatlingEventJson() {}

  /** The assistant role announced, no text yet: not a token. */
  static String role(String chunkId) {
    return chunk(chunkId, "{\"role\":\"assistant\",\"content\":\"\"}");
  }

  static String content(String chunkId, String text) {
    return chunk(chunkId, "{\"content\":\"" + text + "\"}");
  }

  static String reasoning(String chunkId, String text) {
    return chunk(chunkId, "{\"reasoning_content\":\"" + text + "\"}");
  }

  /** The usage chunk after the last token ({@code "choices":[]}). */
  static String usage(String chunkId, int promptTokens, int completionTokens) {
    return "{\"data\":{\"id\":\""
        + chunkId
        + "\",\"object\":\"chat.completion.chunk\",\"choices\":[],\"usage\":{\"prompt_tokens\":"
        + promptTokens
        + ",\"completion_tokens\":"
        + completionTokens
        + "}}}";
  }

  /** An error object inside the stream, as vLLM sends one when the engine fails mid-request. */
  static String error(String message) {
    return "{\"data\":{\"error\":{\"message\":\"" + message + "\",\"code\":503}}}";
  }

  /** {@code event} with an SSE {@code id:} line, which Gatling puts before the data. */
  static String withSseId(String sseId, String event) {
    return "{\"id\":\"" + sseId + "\"," + event.substring(1);
  }

  private static String chunk(String chunkId, String delta) {
    return "{\"data\":{\"id\":\""
        + chunkId
        + "\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":"
        + delta
        + ",\"finish_reason\":null}]}}";
  }
}
