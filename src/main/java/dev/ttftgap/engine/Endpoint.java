package dev.ttftgap.engine;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;

/** One HTTP endpoint of the engine; {@link EngineRouter} picks it by method and path. */
interface Endpoint {

  /** Answers {@code request}. The request is released after the call returns: read the body now. */
  void handle(ChannelHandlerContext ctx, FullHttpRequest request);
}
