package dev.ttftgap.engine.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.AttributeKey;
import io.netty.util.ByteProcessor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The load side of {@link EngineBenchmark}, run in its own JVM so the engine's heap is measured
 * alone: opens N streaming requests to 127.0.0.1:PORT with one raw Netty connection each, prints
 * {@code OPEN n} once every stream has received a content token, then {@code EVENTS total} every
 * second (content chunks, counted as line feeds / 4), and holds the streams until stdin closes.
 *
 * <p>Usage: {@code BenchmarkClient PORT STREAMS}
 */
public final class BenchmarkClient {
  private static final AttributeKey<Boolean> STREAMING = AttributeKey.valueOf("streaming");
  private static final byte[] CONTENT = "{\"content\":\"".getBytes(StandardCharsets.US_ASCII);

  private BenchmarkClient() {}

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int streams = Integer.parseInt(args[1]);
    String body =
        "{\"model\":\"stress\",\"messages\":[{\"role\":\"user\",\"content\":\"benchmark\"}],"
            + "\"max_tokens\":200000,\"stream\":true}";
    byte[] request =
        ("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\nContent-Length: "
                + body.length()
                + "\r\n\r\n"
                + body)
            .getBytes(StandardCharsets.US_ASCII);
    AtomicInteger streaming = new AtomicInteger();
    LongAdder lineFeeds = new LongAdder();
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    Bootstrap bootstrap =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .handler(new Reader(streaming, lineFeeds, request));
    List<Channel> channels = new ArrayList<>();
    for (int i = 0; i < streams; i++) {
      channels.add(bootstrap.connect("127.0.0.1", port).sync().channel());
      if (i % 200 == 199) {
        Thread.sleep(20); // lets the accept backlog drain
      }
    }
    while (streaming.get() < streams) {
      Thread.sleep(10);
    }
    System.out.println("OPEN " + streaming.get());
    Thread ticker =
        new Thread(
            () -> {
              try {
                while (true) {
                  Thread.sleep(1000);
                  System.out.println("EVENTS " + lineFeeds.sum() / 4);
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    ticker.setDaemon(true);
    ticker.start();
    while (System.in.read() >= 0) {
      // holds the streams until the benchmark closes our stdin
    }
    for (Channel channel : channels) {
      channel.close();
    }
    group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
  }

  @Sharable
  private static final class Reader extends ChannelInboundHandlerAdapter {
    private final AtomicInteger streaming;
    private final LongAdder lineFeeds;
    private final byte[] request;

    Reader(AtomicInteger streaming, LongAdder lineFeeds, byte[] request) {
      this.streaming = streaming;
      this.lineFeeds = lineFeeds;
      this.request = request;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.writeAndFlush(Unpooled.wrappedBuffer(request));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      try {
        int[] count = {0};
        buf.forEachByte(
            (ByteProcessor)
                b -> {
                  if (b == '\n') {
                    count[0]++;
                  }
                  return true;
                });
        lineFeeds.add(count[0]);
        if (ctx.channel().attr(STREAMING).get() == null
            && ByteBufUtil.indexOf(Unpooled.wrappedBuffer(CONTENT), buf) >= 0) {
          ctx.channel().attr(STREAMING).set(Boolean.TRUE);
          streaming.incrementAndGet();
        }
      } finally {
        buf.release();
      }
    }
  }
}
