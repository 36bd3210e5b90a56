package dev.ttftgap.engine;

import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * One test's engine loop and the client connections it opens on it, all {@link EmbeddedChannel}s:
 * the test drives time by hand and {@link #releaseAll} (from {@code @AfterEach}) drains and frees
 * every channel, so a leaked buffer fails the test that leaked it.
 */
final class EngineConnections {
  private final EmbeddedChannel engineLoop = new EmbeddedChannel();
  private final List<EngineChannels> connections = new ArrayList<>();

  /** The loop an {@link EngineContext} under test runs on. */
  EventLoop eventLoop() {
    return engineLoop.eventLoop();
  }

  /** A new client connection to {@code context}'s engine, released with the others. */
  EngineChannels connect(EngineContext context) {
    EngineChannels connection = new EngineChannels(context);
    connections.add(connection);
    return connection;
  }

  /** Every client leaves: each connection is closed. */
  void closeAll() {
    connections.forEach(connection -> connection.channel.close());
  }

  /** Runs the engine loop's pending (not scheduled) tasks once. */
  void runEngineTasks() {
    engineLoop.runPendingTasks();
  }

  /** Runs every connection's and the engine's due tasks for {@code millis} of real time. */
  void pump(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    do {
      engineLoop.runPendingTasks();
      engineLoop.runScheduledPendingTasks();
      for (EngineChannels connection : connections) {
        connection.channel.runPendingTasks();
        connection.channel.runScheduledPendingTasks();
      }
      Thread.sleep(1);
    } while (System.nanoTime() < deadline);
  }

  /** Reads what is left on every connection, then finishes and releases all the channels. */
  void releaseAll() {
    for (EngineChannels connection : connections) {
      connection.output();
      connection.channel.finishAndReleaseAll();
    }
    engineLoop.finishAndReleaseAll();
  }

  /** The raw HTTP/1.1 text of a streamed chat request for {@code maxTokens} on tiny-fast. */
  static String streamRequest(int maxTokens) {
    String body = StreamProbe.chat("tiny-fast", "Say hello", maxTokens, true, "");
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: engine\r\nContent-Type: application/json"
        + "\r\nContent-Length: "
        + body.length()
        + "\r\n\r\n"
        + body;
  }
}
