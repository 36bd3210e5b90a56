package dev.ttftgap.engine;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * The bytes of one streamed answer, written as the {@link HeaderMode} says: headers at acceptance
 * with the role chunk, headers with the first token, or everything buffered into one response at
 * the end (what a buffering proxy does). Stamps every write into the stream's {@link StreamStamps}.
 *
 * <p>Events are written without a flush; tokens and the end of the response flush. Not thread-safe:
 * lives on the engine thread.
 */
final class SseResponse {
  private final Channel channel;
  private final boolean keepAlive;
  private final String id;
  private final StreamEncoder encoder;
  private final StreamStamps stamps;
  private final Runnable onHeaders;
  private CompositeByteBuf buffered;
  private ChannelHandlerContext httpCodec;
  private boolean codecLooked;
  private boolean headersSent;
  private boolean textWritten;

  /**
   * @param onHeaders called once the headers are written (the stream then gets keep-alives)
   */
  SseResponse(
      Channel channel,
      boolean keepAlive,
      String id,
      StreamEncoder encoder,
      StreamStamps stamps,
      Runnable onHeaders) {
    this.channel = channel;
    this.keepAlive = keepAlive;
    this.id = id;
    this.encoder = encoder;
    this.stamps = stamps;
    this.onHeaders = onHeaders;
  }

  /** Starts the response as {@code mode} says, once the request is queued. */
  void open(HeaderMode mode) {
    if (mode == HeaderMode.BUFFERED) {
      buffered = channel.alloc().compositeBuffer(Integer.MAX_VALUE);
      ByteBuf opening = encoder.opening(channel.alloc());
      if (opening != null) {
        buffered.addComponent(true, opening);
      }
    } else if (mode == HeaderMode.AT_ACCEPT) {
      ensureHeaders();
      channel.flush();
    }
  }

  /**
   * Writes and flushes output token {@code index} (of any {@link OutputPart}).
   *
   * @param text whether the token is answer text (its first one is stamped as such)
   * @return {@code System.nanoTime()} right before the write, or -1 when the token was buffered
   */
  long writeToken(int index, byte[] word, boolean text) {
    textWritten |= text;
    if (buffered != null) {
      buffered.addComponent(true, encoder.token(channel.alloc(), index, word));
      return -1;
    }
    ensureHeaders();
    long now = WallClock.epochMicros();
    stamps.contentWritten(now);
    if (text) {
      stamps.textWritten(now);
    }
    long nowNanos = System.nanoTime();
    stamps.written(now, nowNanos);
    ChannelHandlerContext codec = http1Codec();
    ByteBuf framed = codec == null ? null : encoder.framedToken(channel.alloc(), index, word);
    if (framed == null) {
      channel.writeAndFlush(
          new DefaultHttpContent(encoder.token(channel.alloc(), index, word)),
          channel.voidPromise());
      return nowNanos;
    }
    codec.writeAndFlush(framed, channel.voidPromise());
    return nowNanos;
  }

  /**
   * The HTTP/1.1 codec's context, past which tokens framed here as chunks are written (the headers
   * went through the codec, which now frames chunks); null on an HTTP/2 stream, whose tokens go
   * through its frame codec as content (one DATA frame each).
   */
  private ChannelHandlerContext http1Codec() {
    if (!codecLooked) {
      codecLooked = true;
      httpCodec = channel.pipeline().context(HttpServerCodec.class);
    }
    return httpCodec;
  }

  /** Writes one event without flushing. */
  void writeEvent(ByteBuf event) {
    if (buffered != null) {
      buffered.addComponent(true, event);
      return;
    }
    ensureHeaders();
    stamps.written(WallClock.epochMicros(), System.nanoTime());
    channel.write(new DefaultHttpContent(event), channel.voidPromise());
  }

  /**
   * The end of a served stream in the API's grammar ({@link StreamEncoder#ending}): finish, usage
   * (carrying the per-request metrics, when asked), then the end marker unless {@code done} is
   * false.
   */
  void writeEnding(int completionTokens, String metricsJson, boolean done) {
    for (ByteBuf event : encoder.ending(channel.alloc(), completionTokens, metricsJson, done)) {
      writeEvent(event);
    }
  }

  /** Writes a {@code : keep-alive} comment if nothing was written for {@code intervalNanos}. */
  void keepAliveIfIdle(long nowNanos, long intervalNanos) {
    if (headersSent && nowNanos - stamps.lastWriteNanos() >= intervalNanos) {
      writeEvent(ChunkEncoder.keepAlive(channel.alloc()));
      channel.flush();
    }
  }

  /**
   * Ends the response: the last chunk, or the whole buffered response.
   *
   * @param hasContent whether any token was written
   * @param beforeWrite runs once the end is stamped, before it is written (a client that reads the
   *     end may ask for the ground truth at once)
   */
  void end(boolean hasContent, Runnable beforeWrite) {
    ChannelFuture future;
    long now = WallClock.epochMicros();
    if (buffered != null) {
      FullHttpResponse response =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, buffered);
      buffered = null;
      HttpHeaders headers = response.headers();
      streamHeaders(headers);
      HttpUtil.setContentLength(response, response.content().readableBytes());
      connectionHeader(headers);
      stamps.wholeResponseWritten(now, hasContent, textWritten);
      beforeWrite.run();
      future = channel.writeAndFlush(response);
    } else {
      stamps.lastWritten(now);
      beforeWrite.run();
      future = channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    }
    if (!keepAlive) {
      future.addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** Frees what was buffered (the response will never be written). */
  void discard() {
    if (buffered != null) {
      buffered.release();
      buffered = null;
    }
  }

  private void ensureHeaders() {
    if (headersSent) {
      return;
    }
    headersSent = true;
    HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    HttpHeaders headers = response.headers();
    streamHeaders(headers);
    HttpUtil.setTransferEncodingChunked(response, true);
    connectionHeader(headers);
    stamps.headersWritten(WallClock.epochMicros());
    channel.write(response, channel.voidPromise());
    onHeaders.run();
    ByteBuf opening = encoder.opening(channel.alloc());
    if (opening != null) {
      writeEvent(opening);
    }
  }

  private void streamHeaders(HttpHeaders headers) {
    headers.set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
    headers.set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
    headers.set("x-request-id", id);
  }

  private void connectionHeader(HttpHeaders headers) {
    headers.set(
        HttpHeaderNames.CONNECTION,
        keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
  }
}
