package dev.ttftgap.engine;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;

/**
 * The SSE events of one streamed answer in one API's grammar. {@link ChatStream} and {@link
 * SseResponse} drive the same life cycle for every API (opening, a token per scheduler step, the
 * ending or a failure); only these bytes differ. Not thread-safe: lives on the engine thread.
 */
interface StreamEncoder {
  /** The events written right after the headers (chat's role chunk, …), or null for none. */
  ByteBuf opening(ByteBufAllocator alloc);

  /**
   * Output token {@code index} (0-based), whose word is {@code word}, as event(s): an encoder with
   * blocks (Messages, Responses) also opens and closes them when the token's {@link OutputPart}
   * changes.
   */
  ByteBuf token(ByteBufAllocator alloc, int index, byte[] word);

  /**
   * {@link #token} already framed as one HTTP/1.1 chunk, written past the HTTP encoder (the hot
   * path of chat's content tokens), or null when this token has no such fast path.
   */
  default ByteBuf framedToken(ByteBufAllocator alloc, int index, byte[] word) {
    return null;
  }

  /**
   * The events ending a served stream of {@code completionTokens} tokens: finish, usage, and the
   * API's end marker unless {@code done} is false (the {@code no-done} fault).
   *
   * @param metricsJson vLLM-style per-request metrics (an object) to add, or null
   */
  List<ByteBuf> ending(
      ByteBufAllocator alloc, int completionTokens, String metricsJson, boolean done);

  /** A failure in the middle of the stream, in the API's error shape. */
  ByteBuf failure(ByteBufAllocator alloc, String message);

  /**
   * llama.cpp's mid-stream failure (the {@code error-line-after} fault), the same for every API: an
   * SSE line whose field is {@code error} (not {@code data}) carrying llama.cpp's error object,
   * then {@code data: [DONE]}, as builds whose streaming path calls {@code server_sent_event(sink,
   * "error", error_data)} write it. A client that reads only {@code data:} lines sees a clean end.
   */
  static ByteBuf errorLine(ByteBufAllocator alloc, String message) {
    String error =
        "{\"code\":500,\"message\":" + SseText.quote(message) + ",\"type\":\"server_error\"}";
    return new SseText().field("error", error).data("[DONE]").take(alloc);
  }

  /** An event whose data is not valid JSON (the {@code malformed-after} fault). */
  default ByteBuf malformedEvent(ByteBufAllocator alloc) {
    return ChunkEncoder.malformed(alloc);
  }

  /** Gives back buffers the encoder keeps for the stream. */
  default void release() {}
}
