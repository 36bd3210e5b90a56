package dev.ttftgap.engine;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;

/** Pipeline of one connection: HTTP codec → body aggregation (413 over the limit) → router. */
final class EngineServerInitializer extends ChannelInitializer<SocketChannel> {
  private final EngineRouter router;
  private final int maxBodyBytes;

  EngineServerInitializer(EngineRouter router, int maxBodyBytes) {
    this.router = router;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    channel
        .pipeline()
        .addLast("http", new HttpServerCodec())
        .addLast("aggregate", new BodyLimitAggregator(maxBodyBytes))
        .addLast("route", router);
  }
}
