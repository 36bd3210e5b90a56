package dev.ttftgap.engine;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose request headers do not arrive in full within a deadline from the
 * request's first byte (a stalled or slowloris client would otherwise hold the connection forever),
 * with a 408 first. An idle keep-alive connection between requests is not timed.
 *
 * <p>Two handlers share the state: {@link #bytes()} before the HTTP codec starts the clock on a
 * request's first bytes, {@link #requests()} after it stops the clock when the headers are decoded
 * and re-arms it when the request's last part has arrived.
 */
final class HeaderReadTimeout {
  /** The default deadline for a request's headers. */
  static final long DEFAULT_MILLIS = 10_000;

  private static final String TIMEOUT_BODY =
      "{\"error\":{\"message\":\"Request headers not received in time\",\"type\":"
          + "\"invalid_request_error\",\"param\":null,\"code\":\"request_timeout\"}}";
  private static final byte[] TIMEOUT_RESPONSE =
      ("HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nConnection: close\r\n"
              + "Content-Length: "
              + TIMEOUT_BODY.length()
              + "\r\n\r\n"
              + TIMEOUT_BODY)
          .getBytes(StandardCharsets.US_ASCII);

  private final long timeoutMillis;
  private boolean betweenRequests = true;
  private ScheduledFuture<?> deadline;

  HeaderReadTimeout(long timeoutMillis) {
    this.timeoutMillis = timeoutMillis;
  }

  /** Before the codec: the first bytes of a request start the clock. */
  ChannelInboundHandlerAdapter bytes() {
    return new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (betweenRequests && msg instanceof ByteBuf buf && buf.isReadable()) {
          betweenRequests = false;
          deadline =
              ctx.executor().schedule(() -> expire(ctx), timeoutMillis, TimeUnit.MILLISECONDS);
        }
        ctx.fireChannelRead(msg);
      }

      @Override
      public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
      }
    };
  }

  /** After the codec: decoded headers stop the clock; the request's end re-arms it. */
  ChannelInboundHandlerAdapter requests() {
    return new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest) {
          cancel();
        }
        if (msg instanceof LastHttpContent) {
          betweenRequests = true;
        }
        ctx.fireChannelRead(msg);
      }
    };
  }

  private void cancel() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
  }

  private void expire(ChannelHandlerContext ctx) {
    deadline = null;
    if (ctx.channel().isActive()) {
      ctx.writeAndFlush(Unpooled.wrappedBuffer(TIMEOUT_RESPONSE))
          .addListener(ChannelFutureListener.CLOSE);
    }
  }
}
