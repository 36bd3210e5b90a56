package dev.ttftgap.engine;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * SSE events of one streaming chat completion ({@code chat.completion.chunk}), written straight
 * into buffers: the role chunk, content ({@code delta.content}), reasoning ({@code
 * delta.reasoning_content}) and tool-call ({@code delta.tool_calls}, the first carrying the call's
 * id and function name) tokens, finish, usage and {@code [DONE]}.
 *
 * <p>Every chunk starts with the same bytes ({@code id}, {@code object}, {@code created}, {@code
 * model}), kept once per stream, so a content token costs one small buffer and no JSON library
 * call: this is the hot path at thousands of streams.
 */
final class ChunkEncoder implements StreamEncoder {
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

  /** Bytes before the chunk size, enough for any int in hex. */
  private static final int HEX_SLOT = 8;

  /** Longest word written into the reused frame buffer; longer ones get a fresh buffer. */
  private static final int MAX_FRAMED_WORD = 32;

  private static final byte[] HEX = ascii("0123456789abcdef");
  private static final byte[] FRAMED_TAIL = concat(CONTENT_CLOSE, END, CRLF);

  private final byte[] prefix;

  /** The request streamed (its output parts, finish, usage); null: content only. */
  private final ChatRequest request;

  private final String callId;

  /** CRLF after the chunk size, then the content event up to its word. */
  private final byte[] framedHead;

  /** This stream's reused frame buffer, {@link #HEX_SLOT} bytes, then the head; engine thread. */
  private ByteBuf frame;

  /** Chunks of request {@code id} for {@code model}, created at {@code createdEpochSeconds}. */
  ChunkEncoder(String id, String model, long createdEpochSeconds) {
    this(id, model, createdEpochSeconds, null);
  }

  /** Chunks of {@code request}, answered as request {@code id}. */
  ChunkEncoder(String id, ChatRequest request, long createdEpochSeconds) {
    this(id, request.profile().name(), createdEpochSeconds, request);
  }

  private ChunkEncoder(String id, String model, long createdEpochSeconds, ChatRequest request) {
    this.request = request;
    this.callId = "call_" + id;
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
    this.framedHead = concat(CRLF, DATA, prefix, CONTENT_OPEN);
  }

  ByteBuf role(ByteBufAllocator alloc) {
    return event(alloc, ROLE);
  }

  @Override
  public ByteBuf opening(ByteBufAllocator alloc) {
    return role(alloc);
  }

  @Override
  public ByteBuf token(ByteBufAllocator alloc, int index, byte[] word) {
    OutputPart part = request == null ? OutputPart.CONTENT : request.part(index);
    return switch (part) {
      case CONTENT -> content(alloc, word);
      case REASONING ->
          event(alloc, choiceDelta("{\"reasoning_content\":" + SseText.quote(word) + "}"));
      case TOOL_CALL -> event(alloc, choiceDelta(toolCallDelta(index, word)));
    };
  }

  @Override
  public ByteBuf framedToken(ByteBufAllocator alloc, int index, byte[] word) {
    boolean content = request == null || request.part(index) == OutputPart.CONTENT;
    return content ? framedContent(alloc, word) : null;
  }

  /** {@code delta.tool_calls[0]}: the first piece also names the call and its function. */
  private String toolCallDelta(int index, byte[] word) {
    String arguments =
        "\"" + request.quotedToolPiece(index, new String(word, StandardCharsets.UTF_8)) + "\"";
    String call =
        index == request.reasoningTokens()
            ? "{\"index\":0,\"id\":\""
                + callId
                + "\",\"type\":\"function\",\"function\":{\"name\":"
                + SseText.quote(request.toolCall().name())
                + ",\"arguments\":"
                + arguments
                + "}}"
            : "{\"index\":0,\"function\":{\"arguments\":" + arguments + "}}";
    return "{\"tool_calls\":[" + call + "]}";
  }

  private static byte[] choiceDelta(String delta) {
    return ("{\"index\":0,\"delta\":" + delta + ",\"logprobs\":null,\"finish_reason\":null}]}")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public List<ByteBuf> ending(
      ByteBufAllocator alloc, int completionTokens, String metricsJson, boolean done) {
    List<ByteBuf> events = new ArrayList<>(3);
    String finishMetrics = request.includeUsage() ? null : metricsJson;
    events.add(finish(alloc, request.finishReason(), finishMetrics));
    if (request.includeUsage()) {
      events.add(usage(alloc, request.promptTokens(), completionTokens, metricsJson));
    }
    if (done) {
      events.add(done(alloc));
    }
    return events;
  }

  @Override
  public ByteBuf failure(ByteBufAllocator alloc, String message) {
    return error(alloc, message, "server_error", 500);
  }

  /**
   * A content event already framed as one HTTP/1.1 chunk ({@code size CRLF event CRLF}), to be
   * written past the HTTP encoder: one buffer and one outbound entry per token instead of three.
   *
   * <p>The stream's frame buffer is reused while the previous token's write has completed (the
   * connection released it), so a token costs its size digits, the word and the fixed tail, with no
   * allocation; a frame still queued in the connection gets a fresh buffer instead. The caller owns
   * one reference of the buffer returned (the write releases it).
   */
  ByteBuf framedContent(ByteBufAllocator alloc, byte[] word) {
    int size = framedHead.length - CRLF.length + word.length + FRAMED_TAIL.length - CRLF.length;
    int digits = hexDigits(size);
    if (frame == null) {
      frame = alloc.buffer(HEX_SLOT + framedHead.length + MAX_FRAMED_WORD + FRAMED_TAIL.length);
      frame.setBytes(HEX_SLOT, framedHead);
    }
    if (frame.refCnt() != 1 || word.length > MAX_FRAMED_WORD) {
      ByteBuf fresh = alloc.buffer(digits + framedHead.length + word.length + FRAMED_TAIL.length);
      writeHex(fresh, size, digits, 0);
      return fresh
          .writerIndex(digits)
          .writeBytes(framedHead)
          .writeBytes(word)
          .writeBytes(FRAMED_TAIL);
    }
    writeHex(frame, size, digits, HEX_SLOT - digits);
    return frame
        .setIndex(HEX_SLOT - digits, HEX_SLOT + framedHead.length)
        .writeBytes(word)
        .writeBytes(FRAMED_TAIL)
        .retain();
  }

  /** Gives back the stream's frame buffer; the last write, if still queued, keeps its own. */
  @Override
  public void release() {
    if (frame != null) {
      frame.release();
      frame = null;
    }
  }

  private static int hexDigits(int value) {
    return Math.max(1, (35 - Integer.numberOfLeadingZeros(value)) / 4);
  }

  private static void writeHex(ByteBuf buf, int value, int digits, int index) {
    for (int i = digits - 1; i >= 0; i--) {
      buf.setByte(index + i, HEX[value & 0xF]);
      value >>>= 4;
    }
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

  private static byte[] concat(byte[]... parts) {
    int length = 0;
    for (byte[] part : parts) {
      length += part.length;
    }
    byte[] joined = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, joined, at, part.length);
      at += part.length;
    }
    return joined;
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
