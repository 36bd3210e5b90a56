package dev.ttftgap.engine;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;

/** {@code GET /health}: 200 with {@code {"status":"ok"}} while the engine serves. */
final class HealthHandler implements Endpoint {

  @Override
  public void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    HttpResponses.send(
        ctx.channel(),
        HttpUtil.isKeepAlive(request),
        HttpResponses.json(HttpResponseStatus.OK, "{\"status\":\"ok\"}"));
  }
}
