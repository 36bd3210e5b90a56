package dev.ttftgap.engine;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * Pipeline of one connection: header-read deadline → HTTP codec → body aggregation (413 over the
 * limit) → pipelined requests answered in order → router.
 */
final class EngineServerInitializer extends ChannelInitializer<SocketChannel> {
  private final EngineRouter router;
  private final int maxBodyBytes;

  EngineServerInitializer(EngineRouter router, int maxBodyBytes) {
    this.router = router;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    configure(channel.pipeline(), router, maxBodyBytes, HeaderReadTimeout.DEFAULT_MILLIS);
  }

  /** The engine's handlers, in order, on {@code pipeline} (also used by handler tests). */
  static void configure(
      ChannelPipeline pipeline, EngineRouter router, int maxBodyBytes, long headerTimeoutMillis) {
    HeaderReadTimeout headerTimeout = new HeaderReadTimeout(headerTimeoutMillis);
    pipeline
        .addLast("header-timeout", headerTimeout.bytes())
        .addLast("http", new HttpServerCodec())
        .addLast("headers-read", headerTimeout.requests())
        .addLast("aggregate", new BodyLimitAggregator(maxBodyBytes))
        .addLast("pipelining", new PipelinedRequests())
        .addLast("route", router);
  }
}
