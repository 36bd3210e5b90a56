package dev.ttftgap.engine;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.TimeUnit;

/**
 * Aggregates a request into one message, answering a body over the limit with 413 in OpenAI's error
 * shape, then closing the connection.
 *
 * <p>Closing at once would reset the connection while the client is still sending the body (the
 * unread bytes make the kernel send RST), and the client would lose the 413. So the server shuts
 * down its output after the answer and keeps discarding the body until the client closes (the
 * aggregator drops the rest of an oversized message), with a deadline.
 */
final class BodyLimitAggregator extends HttpObjectAggregator {
  private static final long CLOSE_DEADLINE_SECONDS = 10;

  private final int maxBodyBytes;

  BodyLimitAggregator(int maxBodyBytes) {
    super(maxBodyBytes);
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
    ReferenceCountUtil.release(oversized);
    FullHttpResponse response =
        HttpResponses.error(
            new ApiException(
                HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                "Request body exceeds " + maxBodyBytes + " bytes",
                "invalid_request_error",
                null,
                "request_too_large"));
    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    ctx.writeAndFlush(response)
        .addListener(
            (ChannelFutureListener)
                written -> {
                  if (written.channel() instanceof DuplexChannel duplex && written.isSuccess()) {
                    duplex.shutdownOutput();
                    ctx.executor()
                        .schedule(() -> ctx.close(), CLOSE_DEADLINE_SECONDS, TimeUnit.SECONDS);
                  } else {
                    written.channel().close();
                  }
                });
  }
}
