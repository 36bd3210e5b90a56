package dev.ttftgap.engine;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * Pipeline of one connection: (HTTP worker admission, when the engine has a worker pool) → (TLS,
 * when on; then, with HTTP/2 offered, the ALPN choice: {@link Http2OrHttp1Handler}) → header-read
 * deadline → HTTP codec → body aggregation (413 over the limit) → pipelined requests answered in
 * order → (worker's exchanges) → router.
 */
final class EngineServerInitializer extends ChannelInitializer<SocketChannel> {
  private final EngineRouter router;
  private final int maxBodyBytes;
  private final HttpWorkerPool workers;
  private final ServerTls tls;
  private final ChannelGroup connections;

  /**
   * @param workers the HTTP worker pool, or null for none
   * @param tls the TLS context, or null for plain HTTP
   * @param connections where each connection is kept while open, so that the engine's close ends
   *     them all
   */
  EngineServerInitializer(
      EngineRouter router,
      int maxBodyBytes,
      HttpWorkerPool workers,
      ServerTls tls,
      ChannelGroup connections) {
    this.router = router;
    this.maxBodyBytes = maxBodyBytes;
    this.workers = workers;
    this.tls = tls;
    this.connections = connections;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    connections.add(channel);
    ChannelPipeline pipeline = channel.pipeline();
    if (tls == null) {
      configure(pipeline, router, maxBodyBytes, HeaderReadTimeout.DEFAULT_MILLIS, workers);
      return;
    }
    HttpWorkerPool.Connection worker = admission(pipeline, workers);
    pipeline.addLast("tls", tls.newHandler(channel.alloc()));
    if (tls.http2()) {
      pipeline.addLast(
          "alpn",
          new Http2OrHttp1Handler(
              router,
              maxBodyBytes,
              negotiated ->
                  http1(negotiated, router, maxBodyBytes, HeaderReadTimeout.DEFAULT_MILLIS, worker),
              tls::negotiated));
    } else {
      http1(pipeline, router, maxBodyBytes, HeaderReadTimeout.DEFAULT_MILLIS, worker);
    }
  }

  /** The engine's handlers without a worker pool (handler tests). */
  static void configure(
      ChannelPipeline pipeline, EngineRouter router, int maxBodyBytes, long headerTimeoutMillis) {
    configure(pipeline, router, maxBodyBytes, headerTimeoutMillis, null);
  }

  /**
   * The engine's plain-HTTP handlers, in order, on {@code pipeline} (also used by handler tests).
   */
  static void configure(
      ChannelPipeline pipeline,
      EngineRouter router,
      int maxBodyBytes,
      long headerTimeoutMillis,
      HttpWorkerPool workers) {
    HttpWorkerPool.Connection worker = admission(pipeline, workers);
    http1(pipeline, router, maxBodyBytes, headerTimeoutMillis, worker);
  }

  /** The worker pool's admission handler first, when there is a pool; its connection or null. */
  private static HttpWorkerPool.Connection admission(
      ChannelPipeline pipeline, HttpWorkerPool workers) {
    HttpWorkerPool.Connection worker = workers == null ? null : workers.connect(pipeline.channel());
    if (worker != null) {
      pipeline.addLast("http-worker", worker.admission());
    }
    return worker;
  }

  /** The HTTP/1.1 handlers, after the bytes are plain (after TLS, when on). */
  private static void http1(
      ChannelPipeline pipeline,
      EngineRouter router,
      int maxBodyBytes,
      long headerTimeoutMillis,
      HttpWorkerPool.Connection worker) {
    HeaderReadTimeout headerTimeout = new HeaderReadTimeout(headerTimeoutMillis);
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
