package dev.ttftgap.engine;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/** An {@link EmbeddedChannel} with the engine's pipeline, fed and read as raw HTTP/1.1 bytes. */
final class EngineChannels {
  final EmbeddedChannel channel;
  final EngineContext context;
  private final StringBuilder output = new StringBuilder();

  EngineChannels(EngineConfig config) {
    this(config, HeaderReadTimeout.DEFAULT_MILLIS);
  }

  /** The engine's pipeline with a header-read deadline of {@code headerTimeoutMillis}. */
  EngineChannels(EngineConfig config, long headerTimeoutMillis) {
    channel = new EmbeddedChannel();
    context = new EngineContext(config, channel.eventLoop());
    EngineServerInitializer.configure(
        channel.pipeline(),
        new EngineRouter(context),
        config.maxBodyBytes(),
        headerTimeoutMillis,
        context.httpWorkers());
  }

  /**
   * Another connection to the engine of {@code context} (one worker pool, one scheduler): its own
   * channel and pipeline.
   */
  EngineChannels(EngineContext context) {
    channel = new EmbeddedChannel();
    this.context = context;
    EngineServerInitializer.configure(
        channel.pipeline(),
        new EngineRouter(context),
        context.config().maxBodyBytes(),
        HeaderReadTimeout.DEFAULT_MILLIS,
        context.httpWorkers());
  }

  /** Writes {@code text} as it is (several requests, a partial one, HTTP/1.0...). */
  void raw(String text) {
    channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
  }

  /** Writes a request with {@code headers} ("Name: value" lines, may be empty). */
  void request(String method, String path, String headers, String body) {
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    String head =
        method
            + " "
            + path
            + " HTTP/1.1\r\nHost: engine\r\n"
            + headers
            + (body == null ? "" : "Content-Type: application/json\r\n")
            + "Content-Length: "
            + bytes.length
            + "\r\n\r\n";
    ByteBuf in = Unpooled.buffer();
    in.writeBytes(head.getBytes(StandardCharsets.UTF_8)).writeBytes(bytes);
    channel.writeInbound(in);
  }

  /** Everything written so far, decoded; every outbound buffer is released. */
  String output() {
    Object message;
    while ((message = channel.readOutbound()) != null) {
      ByteBuf buf = (ByteBuf) message;
      output.append(buf.toString(StandardCharsets.UTF_8));
      buf.release();
    }
    return output.toString();
  }

  /** Runs the engine's timers in real time until {@code done} holds for the output. */
  String pumpUntil(Predicate<String> done, long timeoutMillis) throws InterruptedException {
    long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
    while (System.nanoTime() < deadline) {
      channel.runPendingTasks();
      channel.runScheduledPendingTasks();
      if (done.test(output()) || !channel.isOpen() && done.test(output())) {
        return output();
      }
      if (!channel.isOpen()) {
        return output();
      }
      Thread.sleep(1);
    }
    return output();
  }

  /** Whether the body ended with the chunked terminator. */
  static boolean ended(String out) {
    return out.endsWith("0\r\n\r\n");
  }
}
