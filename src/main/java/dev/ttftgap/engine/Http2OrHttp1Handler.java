package dev.ttftgap.engine;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import java.util.function.Consumer;

/**
 * After the TLS handshake, sets up the protocol ALPN chose: {@code h2}, or {@code http/1.1} (also
 * for a client that offered no ALPN).
 *
 * <p>On {@code h2} every stream is a child channel whose pipeline converts frames to the engine's
 * HTTP/1.1 objects and back ({@link Http2StreamFrameToHttpObjectCodec}), then runs the same body
 * aggregation and router as an HTTP/1.1 connection: a response's head becomes the stream's first
 * HEADERS frame (its TTFB), each chunk flushed by the stream a DATA frame, the last chunk a DATA
 * frame ending the stream. Connection-specific headers ({@code Connection}, {@code
 * Transfer-Encoding}) are dropped by the conversion. The HTTP/1.1-only handlers are left out of a
 * stream: request pipelining (one request per stream), the header-read deadline (there are no raw
 * bytes per stream to time) and the HTTP worker pool (refused with HTTP/2, see {@link ServerTls}).
 */
final class Http2OrHttp1Handler extends ApplicationProtocolNegotiationHandler {
  private final EngineRouter router;
  private final int maxBodyBytes;
  private final Consumer<ChannelPipeline> http1;
  private final Consumer<String> onNegotiated;

  /**
   * @param http1 adds the HTTP/1.1 handlers to a connection's pipeline
   * @param onNegotiated told each connection's choice ({@code h2} or {@code http/1.1})
   */
  Http2OrHttp1Handler(
      EngineRouter router,
      int maxBodyBytes,
      Consumer<ChannelPipeline> http1,
      Consumer<String> onNegotiated) {
    super(ApplicationProtocolNames.HTTP_1_1);
    this.router = router;
    this.maxBodyBytes = maxBodyBytes;
    this.http1 = http1;
    this.onNegotiated = onNegotiated;
  }

  @Override
  protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
    onNegotiated.accept(protocol);
    if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
      ctx.pipeline()
          .addLast("h2", Http2FrameCodecBuilder.forServer().build())
          .addLast("h2-streams", new Http2MultiplexHandler(streamInitializer()));
    } else if (ApplicationProtocolNames.HTTP_1_1.equals(protocol)) {
      http1.accept(ctx.pipeline());
    } else {
      throw new IllegalStateException("ALPN chose an unknown protocol: " + protocol);
    }
  }

  private ChannelInitializer<Http2StreamChannel> streamInitializer() {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(Http2StreamChannel stream) {
        stream
            .pipeline()
            .addLast("h2-http", new Http2StreamFrameToHttpObjectCodec(true))
            .addLast("aggregate", new BodyLimitAggregator(maxBodyBytes))
            .addLast("route", router);
      }
    };
  }
}
