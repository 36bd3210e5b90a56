package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The bounded HTTP worker pool over real loopback connections, with the llama.cpp-like profile: 6
 * workers (4 slots + 2, llama.cpp's default), 7 concurrent streams. Prints the measured TTFBs.
 */
class HttpWorkerPoolIT {
  private static final int WORKERS = 6;

  /** What one raw HTTP/1.1 client saw, in its own clock. */
  record Seen(
      int index,
      long sentNanos,
      long headersNanos,
      long endNanos,
      long headersEpochMicros,
      String requestId) {
    double ttfbMillis() {
      return (headersNanos - sentNanos) / 1e6;
    }

    double e2eMillis() {
      return (endNanos - sentNanos) / 1e6;
    }
  }

  private static String request(int index, boolean keepAlive) {
    // distinct prompts of about 100 tokens, the profile's default shape
    StringBuilder prompt = new StringBuilder("Request " + index + ":");
    for (int i = 0; dev.ttftgap.tokens.TokenCounter.count(prompt.toString()) < 92; i++) {
      prompt.append(" word").append(index * 100 + i);
    }
    String body = StreamProbe.chat("llamacpp-cpu-like", prompt.toString(), 64, true, "");
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: engine\r\nContent-Type: application/json\r\n"
        + (keepAlive ? "" : "Connection: close\r\n")
        + "Content-Length: "
        + body.getBytes(StandardCharsets.UTF_8).length
        + "\r\n\r\n"
        + body;
  }

  /** Sends one streaming request on a new connection and reads its response to the end. */
  private static Seen stream(int port, int index, boolean keepAlive, List<Socket> open) {
    try {
      Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
      synchronized (open) {
        open.add(socket);
      }
      socket.setTcpNoDelay(true);
      long sent = System.nanoTime();
      socket.getOutputStream().write(request(index, keepAlive).getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream seen = new ByteArrayOutputStream();
      long headers = -1;
      long headersEpochMicros = -1;
      byte[] buffer = new byte[8192];
      while (true) {
        int n = in.read(buffer);
        if (n < 0) {
          throw new IOException("connection " + index + " closed before the end of its stream");
        }
        seen.write(buffer, 0, n);
        String text = seen.toString(StandardCharsets.UTF_8);
        if (headers < 0 && text.contains("\r\n\r\n")) {
          headers = System.nanoTime();
          headersEpochMicros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        }
        if (text.endsWith("0\r\n\r\n")) {
          String id = text.replaceAll("(?s).*x-request-id: (\\S+).*", "$1");
          return new Seen(index, sent, headers, System.nanoTime(), headersEpochMicros, id);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Seen> sevenConcurrentStreams(EmbeddedEngine engine, boolean keepAlive)
      throws Exception {
    List<Socket> open = new ArrayList<>();
    ExecutorService clients = Executors.newFixedThreadPool(WORKERS + 1);
    try {
      List<CompletableFuture<Seen>> futures = new ArrayList<>();
      for (int i = 0; i < WORKERS; i++) {
        int index = i;
        futures.add(
            CompletableFuture.supplyAsync(
                () -> stream(engine.port(), index, keepAlive, open), clients));
      }
      // the 7th connects once the first six hold their workers
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (engine.busyHttpWorkers() < WORKERS && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(engine.busyHttpWorkers())
          .as("the first six connections hold the six workers")
          .isEqualTo(WORKERS);
      futures.add(
          CompletableFuture.supplyAsync(
              () -> stream(engine.port(), WORKERS, keepAlive, open), clients));
      List<Seen> seen = new ArrayList<>();
      for (CompletableFuture<Seen> future : futures) {
        seen.add(future.get(30, TimeUnit.SECONDS));
      }
      return seen;
    } finally {
      synchronized (open) {
        for (Socket socket : open) {
          socket.close();
        }
      }
      clients.shutdownNow();
    }
  }

  private static void print(String title, List<Seen> seen) {
    System.out.println("HttpWorkerPoolIT " + title + ":");
    for (Seen s : seen) {
      System.out.printf(
          Locale.ROOT,
          "  connection %d  TTFB %8.1f ms  e2e %8.1f ms%n",
          s.index() + 1,
          s.ttfbMillis(),
          s.e2eMillis());
    }
  }

  private static void assertGroundTruthAgrees(EmbeddedEngine engine, List<Seen> seen) {
    for (Seen s : seen) {
      GroundTruth truth = engine.groundTruth(s.requestId()).orElseThrow();
      System.out.printf(
          Locale.ROOT,
          "  connection %d  engine: prompt %d tokens, queue %s µs%n",
          s.index() + 1,
          truth.promptTokens(),
          truth.queueMicros());
      assertThat(s.headersEpochMicros() - truth.headersWrittenEpochMicros())
          .as(
              "connection %d: the engine's headers stamp matches when the client got them, µs",
              s.index() + 1)
          .isBetween(-2_000L, 50_000L);
    }
  }

  @Test
  void theSeventhConnectionGetsItsHeadersOnlyWhenAClosedConnectionFreesAWorker() throws Exception {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withProfile("llamacpp-cpu-like").withHttpWorkers(WORKERS))) {
      List<Seen> seen = sevenConcurrentStreams(engine, false);
      print("6 workers, Connection: close", seen);

      List<Seen> first = seen.subList(0, WORKERS);
      Seen seventh = seen.get(WORKERS);
      double firstEnd =
          first.stream().mapToLong(Seen::endNanos).min().orElseThrow() / 1e6
              - seventh.sentNanos() / 1e6;
      assertThat(first)
          .as("the first six get headers at once")
          .allSatisfy(s -> assertThat(s.ttfbMillis()).isLessThan(200.0));
      assertThat(seventh.ttfbMillis())
          .as("the seventh waits, headerless, until the first stream ended and closed")
          .isGreaterThan(1_000.0)
          .isGreaterThanOrEqualTo(firstEnd - 5.0)
          .isLessThan(firstEnd + 200.0);
      assertGroundTruthAgrees(engine, seen);
    }
  }

  @Test
  void withKeepAliveTheSeventhAlsoWaitsForTheIdleHoldOfAFinishedConnection() throws Exception {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withProfile("llamacpp-cpu-like").withHttpWorkers(WORKERS))) {
      List<Seen> seen = sevenConcurrentStreams(engine, true);
      print("6 workers, keep-alive, idle hold 5000 ms", seen);

      Seen seventh = seen.get(WORKERS);
      double firstEnd =
          seen.subList(0, WORKERS).stream().mapToLong(Seen::endNanos).min().orElseThrow() / 1e6
              - seventh.sentNanos() / 1e6;
      assertThat(seventh.ttfbMillis())
          .as("the finished connections stay idle and hold their workers for 5 s")
          // the hold starts when the engine writes the end, a little before the client reads it
          .isGreaterThanOrEqualTo(firstEnd + 5_000.0 - 100.0)
          .isLessThan(firstEnd + 5_000.0 + 300.0);
      assertGroundTruthAgrees(engine, seen);
    }
  }

  @Test
  void whenAbandonedStreamsRunOnTheirWorkersStayBusyAndMetricsGoDark() throws Exception {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults()
                .withProfile("llamacpp-cpu-like")
                .withHttpWorkers(WORKERS)
                .withDisconnectPolicy(DisconnectPolicy.RUN_ON))) {
      List<Socket> gone = new ArrayList<>();
      for (int i = 0; i < WORKERS; i++) {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), engine.port());
        socket.getOutputStream().write(request(i, true).getBytes(StandardCharsets.UTF_8));
        gone.add(socket);
      }
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (engine.waitingCount("llamacpp-cpu-like") < 2 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      for (Socket socket : gone) {
        socket.close();
      }
      Thread.sleep(200);

      try (Socket scrape = new Socket(InetAddress.getLoopbackAddress(), engine.port())) {
        scrape.setSoTimeout(1_000);
        scrape.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: e\r\n\r\n".getBytes());
        long sent = System.nanoTime();
        int first;
        try {
          first = scrape.getInputStream().read();
        } catch (java.net.SocketTimeoutException e) {
          first = -2;
        }
        System.out.printf(
            Locale.ROOT,
            "HttpWorkerPoolIT run-on: /metrics after 6 clients left: %s after %.0f ms; workers"
                + " busy %d, running %d, waiting %d%n",
            first == -2 ? "no answer" : "answered",
            (System.nanoTime() - sent) / 1e6,
            engine.busyHttpWorkers(),
            engine.runningCount("llamacpp-cpu-like"),
            engine.waitingCount("llamacpp-cpu-like"));
        assertThat(first)
            .as("/metrics gets no answer within 1 s: every worker is busy")
            .isEqualTo(-2);
      }
      assertThat(engine.busyHttpWorkers())
          .as("the abandoned streams still hold the workers (plus the scrape's wait)")
          .isEqualTo(WORKERS);
      assertThat(
              engine.runningCount("llamacpp-cpu-like") + engine.waitingCount("llamacpp-cpu-like"))
          .as("and still run or wait in the engine")
          .isEqualTo(WORKERS);
    }
  }
}
