package dev.ttftgap.engine;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;

/**
 * Aggregates a request into one message, answering a body over the limit with 413 in OpenAI's error
 * shape and closing the connection (the rest of the body is not read).
 */
final class BodyLimitAggregator extends HttpObjectAggregator {
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
    ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }
}
