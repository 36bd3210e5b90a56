package dev.ttftgap.engine;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * Answers pipelined requests (sent on one connection before the previous answer ended) one after
 * the other, in order, as HTTP/1.1 requires: a request that arrives while a response is still being
 * written waits here, and the connection stops reading, until that response's last part has been
 * written. Without it a second request would start a second stream interleaved with the first.
 *
 * <p>Sits between the aggregator and the router; it sees every response's end because responses end
 * with a write through the channel ({@link FullHttpResponse} or {@link LastHttpContent}).
 */
final class PipelinedRequests extends ChannelDuplexHandler {
  private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
  private boolean answering;

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest request)) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (answering) {
      waiting.add(request);
      ctx.channel().config().setAutoRead(false);
      return;
    }
    answering = true;
    ctx.fireChannelRead(request);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    boolean last = msg instanceof FullHttpResponse || msg instanceof LastHttpContent;
    ctx.write(msg, promise);
    if (last) {
      // after this call returns, so the next answer's writes queue behind this one's
      ctx.executor().execute(() -> next(ctx));
    }
  }

  private void next(ChannelHandlerContext ctx) {
    answering = false;
    FullHttpRequest request = waiting.poll();
    if (request == null) {
      ctx.channel().config().setAutoRead(true);
      return;
    }
    if (!ctx.channel().isActive()) {
      ReferenceCountUtil.release(request);
      releaseWaiting();
      return;
    }
    answering = true;
    ctx.fireChannelRead(request);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    releaseWaiting();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    releaseWaiting();
  }

  private void releaseWaiting() {
    FullHttpRequest request;
    while ((request = waiting.poll()) != null) {
      ReferenceCountUtil.release(request);
    }
  }
}
