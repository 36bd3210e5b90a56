package dev.ttftgap.engine;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * SSE events of one streaming response, written straight into buffers.
 *
 * <p>Every chunk starts with the same bytes ({@code id}, {@code object}, {@code created}, {@code
 * model}), kept once per stream, so a content token costs one small buffer and no JSON library
 * call: this is the hot path at thousands of streams.
 */
final class ChunkEncoder {
  private static final byte[] DATA = ascii("data: ");
  private static final byte[] END = ascii("\n\n");
  private static final byte[] CRLF = ascii("\r\n");
  private static final byte[] CONTENT_OPEN = ascii("{\"index\":0,\"delta\":{\"content\":\"");
  private static final byte[] CONTENT_CLOSE =
      ascii("\"},\"logprobs\":null,\"finish_reason\":null}]}");
  private static final byte[] ROLE =
      ascii(
          "{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},"
              + "\"logprobs\":null,\"finish_reason\":null}]}");
  private static final byte[] DONE = ascii("data: [DONE]\n\n");
  private static final byte[] KEEP_ALIVE = ascii(": keep-alive\n\n");
  private static final byte[] MALFORMED = ascii("data: {\"choices\":[{\"delta\":{\"content\":\n\n");

  private final byte[] prefix;

  /** Chunks of request {@code id} for {@code model}, created at {@code createdEpochSeconds}. */
  ChunkEncoder(String id, String model, long createdEpochSeconds) {
    String quotedModel = new String(JsonStringEncoder.getInstance().quoteAsString(model));
    this.prefix =
        ("{\"id\":\""
                + id
                + "\",\"object\":\"chat.completion.chunk\",\"created\":"
                + createdEpochSeconds
                + ",\"model\":\""
                + quotedModel
                + "\",\"choices\":[")
            .getBytes(StandardCharsets.UTF_8);
  }

  ByteBuf role(ByteBufAllocator alloc) {
    return event(alloc, ROLE);
  }

  /**
   * A content event already framed as one HTTP/1.1 chunk ({@code size CRLF event CRLF}), to be
   * written past the HTTP encoder: one buffer and one outbound entry per token instead of three.
   */
  ByteBuf framedContent(ByteBufAllocator alloc, byte[] word) {
    int size =
        DATA.length
            + prefix.length
            + CONTENT_OPEN.length
            + word.length
            + CONTENT_CLOSE.length
            + END.length;
    byte[] hex = Integer.toHexString(size).getBytes(StandardCharsets.US_ASCII);
    ByteBuf buf = alloc.buffer(hex.length + 2 + size + 2);
    return buf.writeBytes(hex)
        .writeBytes(CRLF)
        .writeBytes(DATA)
        .writeBytes(prefix)
        .writeBytes(CONTENT_OPEN)
        .writeBytes(word)
        .writeBytes(CONTENT_CLOSE)
        .writeBytes(END)
        .writeBytes(CRLF);
  }

  ByteBuf content(ByteBufAllocator alloc, byte[] word) {
    ByteBuf buf =
        alloc.buffer(
            DATA.length
                + prefix.length
                + CONTENT_OPEN.length
                + word.length
                + CONTENT_CLOSE.length
                + END.length);
    return buf.writeBytes(DATA)
        .writeBytes(prefix)
        .writeBytes(CONTENT_OPEN)
        .writeBytes(word)
        .writeBytes(CONTENT_CLOSE)
        .writeBytes(END);
  }

  /** Finish chunk; {@code metricsJson} (an object) is added when not null. */
  ByteBuf finish(ByteBufAllocator alloc, String finishReason, String metricsJson) {
    String tail =
        "{\"index\":0,\"delta\":{},\"logprobs\":null,\"finish_reason\":\""
            + finishReason
            + "\"}]"
            + (metricsJson == null ? "" : ",\"metrics\":" + metricsJson)
            + "}";
    return event(alloc, tail.getBytes(StandardCharsets.UTF_8));
  }

  /** Usage-only chunk ({@code "choices":[]}); {@code metricsJson} is added when not null. */
  ByteBuf usage(
      ByteBufAllocator alloc, int promptTokens, int completionTokens, String metricsJson) {
    String tail =
        "],\"usage\":{\"prompt_tokens\":"
            + promptTokens
            + ",\"completion_tokens\":"
            + completionTokens
            + ",\"total_tokens\":"
            + (promptTokens + completionTokens)
            + "}"
            + (metricsJson == null ? "" : ",\"metrics\":" + metricsJson)
            + "}";
    return event(alloc, tail.getBytes(StandardCharsets.UTF_8));
  }

  /** An OpenAI error object as a data event, as vLLM sends a mid-stream failure. */
  static ByteBuf error(ByteBufAllocator alloc, String message, String type, int code) {
    String json =
        "{\"error\":{\"message\":\""
            + new String(JsonStringEncoder.getInstance().quoteAsString(message))
            + "\",\"type\":\""
            + type
            + "\",\"param\":null,\"code\":"
            + code
            + "}}";
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    return alloc
        .buffer(DATA.length + bytes.length + END.length)
        .writeBytes(DATA)
        .writeBytes(bytes)
        .writeBytes(END);
  }

  static ByteBuf done(ByteBufAllocator alloc) {
    return alloc.buffer(DONE.length).writeBytes(DONE);
  }

  static ByteBuf keepAlive(ByteBufAllocator alloc) {
    return alloc.buffer(KEEP_ALIVE.length).writeBytes(KEEP_ALIVE);
  }

  /** One {@code data:} line that is not valid JSON. */
  static ByteBuf malformed(ByteBufAllocator alloc) {
    return alloc.buffer(MALFORMED.length).writeBytes(MALFORMED);
  }

  private ByteBuf event(ByteBufAllocator alloc, byte[] tail) {
    return alloc
        .buffer(DATA.length + prefix.length + tail.length + END.length)
        .writeBytes(DATA)
        .writeBytes(prefix)
        .writeBytes(tail)
        .writeBytes(END);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
