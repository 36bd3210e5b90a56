package dev.ttftgap.engine;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * Pipeline of one connection: (HTTP worker admission, when the engine has a worker pool) →
 * header-read deadline → HTTP codec → body aggregation (413 over the limit) → pipelined requests
 * answered in order → (worker's exchanges) → router.
 */
final class EngineServerInitializer extends ChannelInitializer<SocketChannel> {
  private final EngineRouter router;
  private final int maxBodyBytes;
  private final HttpWorkerPool workers;
  private final ChannelGroup connections;

  /**
   * @param workers the HTTP worker pool, or null for none
   * @param connections where each connection is kept while open, so that the engine's close ends
   *     them all
   */
  EngineServerInitializer(
      EngineRouter router, int maxBodyBytes, HttpWorkerPool workers, ChannelGroup connections) {
    this.router = router;
    this.maxBodyBytes = maxBodyBytes;
    this.workers = workers;
    this.connections = connections;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    connections.add(channel);
    configure(channel.pipeline(), router, maxBodyBytes, HeaderReadTimeout.DEFAULT_MILLIS, workers);
  }

  /** The engine's handlers without a worker pool (handler tests). */
  static void configure(
      ChannelPipeline pipeline, EngineRouter router, int maxBodyBytes, long headerTimeoutMillis) {
    configure(pipeline, router, maxBodyBytes, headerTimeoutMillis, null);
  }

  /** The engine's handlers, in order, on {@code pipeline} (also used by handler tests). */
  static void configure(
      ChannelPipeline pipeline,
      EngineRouter router,
      int maxBodyBytes,
      long headerTimeoutMillis,
      HttpWorkerPool workers) {
    HeaderReadTimeout headerTimeout = new HeaderReadTimeout(headerTimeoutMillis);
    HttpWorkerPool.Connection worker = workers == null ? null : workers.connect(pipeline.channel());
    if (worker != null) {
      pipeline.addLast("http-worker", worker.admission());
    }
    pipeline
        .addLast("header-timeout", headerTimeout.bytes())
        .addLast("http", new HttpServerCodec())
        .addLast("headers-read", headerTimeout.requests())
        .addLast("aggregate", new BodyLimitAggregator(maxBodyBytes))
        .addLast("pipelining", new PipelinedRequests());
    if (worker != null) {
      pipeline.addLast("http-worker-exchanges", worker.exchanges());
    }
    pipeline.addLast("route", router);
  }
}
