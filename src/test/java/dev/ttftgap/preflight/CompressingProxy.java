package dev.ttftgap.preflight;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContentCompressor;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.function.Consumer;

/**
 * A reverse proxy on loopback that behaves like nginx with {@code gzip on; gzip_proxied any;
 * gzip_types *}: when the client accepts gzip it reads the upstream's whole answer, then sends it
 * compressed (the event stream arrives all at once); otherwise it relays the stream as it comes.
 * One upstream connection per request. Test code only.
 */
public final class CompressingProxy implements AutoCloseable {
  private final EventLoopGroup group =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final Channel server;
  private final InetSocketAddress upstream;

  private CompressingProxy(URI upstreamBase) throws InterruptedException {
    this.upstream = new InetSocketAddress(upstreamBase.getHost(), upstreamBase.getPort());
    this.server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                initializer(
                    pipeline ->
                        pipeline
                            .addLast(new HttpServerCodec())
                            .addLast(new HttpObjectAggregator(1 << 20))
                            .addLast(new HttpContentCompressor())
                            .addLast(new Relay())))
            .bind("127.0.0.1", 0)
            .sync()
            .channel();
  }

  /** A proxy in front of {@code upstreamBase} (any URL of the upstream: its host and port). */
  public static CompressingProxy start(String upstreamBase) throws InterruptedException {
    return new CompressingProxy(URI.create(upstreamBase));
  }

  /** {@code upstreamUrl} with this proxy's host and port. */
  public String via(String upstreamUrl) {
    URI uri = URI.create(upstreamUrl);
    int port = ((InetSocketAddress) server.localAddress()).getPort();
    return "http://127.0.0.1:" + port + uri.getRawPath();
  }

  /** Sets up each new channel's pipeline with {@code setup}. */
  private static ChannelInitializer<SocketChannel> initializer(Consumer<ChannelPipeline> setup) {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel ch) {
        setup.accept(ch.pipeline());
      }
    };
  }

  @Override
  public void close() {
    server.close().syncUninterruptibly();
    group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** Sends each request upstream on a new connection and writes the answer back. */
  private final class Relay extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      boolean buffer =
          request.headers().containsValue(HttpHeaderNames.ACCEPT_ENCODING, "gzip", true)
              || String.valueOf(request.headers().get(HttpHeaderNames.ACCEPT_ENCODING))
                  .contains("gzip");
      Channel client = ctx.channel();
      FullHttpRequest forwarded = request.retainedDuplicate();
      forwarded.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      forwarded.headers().remove(HttpHeaderNames.ACCEPT_ENCODING);
      new Bootstrap()
          .group(group)
          .channel(NioSocketChannel.class)
          .handler(
              initializer(
                  pipeline -> {
                    pipeline.addLast(new HttpClientCodec());
                    if (buffer) {
                      pipeline.addLast(new HttpObjectAggregator(8 << 20));
                    }
                    pipeline.addLast(new BackToClient(client));
                  }))
          .connect(upstream)
          .addListener(
              f -> {
                if (f.isSuccess()) {
                  ((io.netty.channel.ChannelFuture) f).channel().writeAndFlush(forwarded);
                } else {
                  forwarded.release();
                  client.close();
                }
              });
    }
  }

  /** Writes what the upstream answers back to the client; closes upstream after the last part. */
  private static final class BackToClient extends ChannelInboundHandlerAdapter {
    private final Channel client;

    BackToClient(Channel client) {
      this.client = client;
    }

    @Override
    public void channelRead(ChannelHandlerContext up, Object msg) {
      boolean last = msg instanceof LastHttpContent;
      client.writeAndFlush(msg);
      if (last) {
        up.close();
      }
    }
  }
}
