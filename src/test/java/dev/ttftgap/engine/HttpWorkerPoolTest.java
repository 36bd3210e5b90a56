package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The bounded HTTP worker pool on EmbeddedChannels sharing one engine. */
class HttpWorkerPoolTest {
  private static final String OK_LINE = "HTTP/1.1 200 OK";

  private final EngineConnections connections = new EngineConnections();
  private EngineContext context;

  @AfterEach
  void noLeaks() {
    connections.releaseAll();
  }

  private void engine(EngineConfig config) {
    context = new EngineContext(config, connections.eventLoop());
  }

  /** An engine of tiny-fast with a pool of one HTTP worker. */
  private static EngineConfig oneWorker() {
    return EngineConfig.defaults().withProfile("tiny-fast").withHttpWorkers(1);
  }

  private EngineChannels connect() {
    return connections.connect(context);
  }

  private void pump(long millis) throws InterruptedException {
    connections.pump(millis);
  }

  /**
   * A 200-token stream takes the only worker (tiny-fast: 2 ms + 0.1 ms per step, ≈ 0.4 s), a health
   * check connects behind it, and 20 ms in the stream's client leaves; the health check's
   * connection, still waiting.
   */
  private EngineChannels aStreamsClientLeavesWithAHealthCheckWaiting() throws InterruptedException {
    EngineChannels gone = connect();
    EngineChannels next = connect();
    gone.raw(EngineConnections.streamRequest(200));
    next.raw(health());
    pump(20);
    gone.channel.close();
    return next;
  }

  private static String health() {
    return "GET /health HTTP/1.1\r\nHost: engine\r\n\r\n";
  }

  @Test
  void connectionsBeyondThePoolGetNoHeadersUntilAWorkerFrees() throws Exception {
    engine(EngineConfig.defaults().withProfile("tiny-fast").withHttpWorkers(2));
    EngineChannels first = connect();
    EngineChannels second = connect();
    EngineChannels third = connect();

    first.raw(health());
    second.raw(health());
    third.raw(health());
    pump(5);

    assertThat(first.output()).as("first connection holds worker 1").startsWith(OK_LINE);
    assertThat(second.output()).as("second connection holds worker 2").startsWith(OK_LINE);
    assertThat(third.output())
        .as("third connection is not read while 2 workers are held")
        .isEmpty();
    assertThat(context.httpWorkers().waitingConnections()).isEqualTo(1);

    first.channel.close();
    pump(5);

    assertThat(third.output())
        .as("the worker the first connection freed reads the third one")
        .startsWith(OK_LINE);
    assertThat(context.httpWorkers().busyWorkers()).isEqualTo(2);
    assertThat(context.httpWorkers().waitingConnections()).isZero();
  }

  @Test
  void metricsWaitForAWorkerLikeEveryOtherEndpoint() throws Exception {
    engine(oneWorker());
    EngineChannels load = connect();
    EngineChannels scrape = connect();

    load.raw(EngineConnections.streamRequest(2_000));
    scrape.raw("GET /metrics HTTP/1.1\r\nHost: engine\r\n\r\n");
    pump(20);

    assertThat(load.output()).as("the stream has its headers").startsWith(OK_LINE);
    assertThat(scrape.output())
        .as("/metrics shares the pool: no answer while the only worker streams")
        .isEmpty();

    load.channel.close();
    pump(5);

    assertThat(scrape.output())
        .as("/metrics answers once the worker is free")
        .startsWith(OK_LINE)
        .contains("vllm:num_requests_running");
  }

  @Test
  void anIdleKeptAliveConnectionHoldsItsWorkerUntilTheIdleHoldClosesIt() throws Exception {
    engine(oneWorker().withIdleWorkerHoldMillis(150));
    EngineChannels idle = connect();
    EngineChannels next = connect();

    idle.raw(health());
    next.raw(health());
    pump(40);

    assertThat(idle.output()).as("answered, kept alive").startsWith(OK_LINE);
    assertThat(idle.channel.isOpen()).as("open within the idle hold").isTrue();
    assertThat(next.output()).as("the idle connection still holds the only worker").isEmpty();

    pump(250);

    assertThat(idle.channel.isOpen()).as("closed by the engine after 150 ms idle").isFalse();
    assertThat(next.output()).as("then the next connection is read").startsWith(OK_LINE);
  }

  @Test
  void aRequestOnAHeldConnectionWithinTheIdleHoldIsServedAtOnce() throws Exception {
    engine(oneWorker().withIdleWorkerHoldMillis(150));
    EngineChannels kept = connect();

    kept.raw(health());
    pump(100);
    kept.raw(health());
    pump(100);

    assertThat(kept.output().split(OK_LINE, -1))
        .as("two answers on one connection, each within the idle hold of the previous")
        .hasSize(3);
    assertThat(kept.channel.isOpen())
        .as("the second request restarted the idle hold: 100 ms after it, still open")
        .isTrue();
  }

  @Test
  void afterItsKeepAliveMaxAConnectionIsClosedAndAWaitingOneGetsTheWorker() throws Exception {
    engine(oneWorker().withKeepAliveMaxRequests(2));
    EngineChannels scraper = connect();
    EngineChannels waiting = connect();

    scraper.raw(health());
    pump(5);
    scraper.raw(health());
    waiting.raw(health());
    pump(5);

    String answers = scraper.output();
    assertThat(answers.split(OK_LINE, -1)).as("two answers on the scraper's connection").hasSize(3);
    assertThat(answers.substring(answers.lastIndexOf(OK_LINE)).toLowerCase(java.util.Locale.ROOT))
        .as("the second, its keep-alive max, says the connection closes")
        .contains("connection: close");
    assertThat(
            answers.substring(0, answers.lastIndexOf(OK_LINE)).toLowerCase(java.util.Locale.ROOT))
        .as("the first keeps it alive")
        .contains("connection: keep-alive");
    assertThat(scraper.channel.isOpen()).as("closed after its second answer").isFalse();
    assertThat(waiting.output())
        .as("the freed worker reads the waiting connection")
        .startsWith(OK_LINE);
  }

  @Test
  void underRunOnAStreamWhoseClientLeftKeepsItsWorkerAndItsSlotUntilItEnds() throws Exception {
    engine(oneWorker().withDisconnectPolicy(DisconnectPolicy.RUN_ON));
    EngineChannels next = aStreamsClientLeavesWithAHealthCheckWaiting();
    pump(50);

    assertThat(next.output()).as("the abandoned stream still holds the only worker").isEmpty();
    assertThat(context.model("tiny-fast").scheduler().runningCount())
        .as("and its slot in the batch")
        .isOne();

    pump(800);

    assertThat(context.model("tiny-fast").scheduler().runningCount())
        .as("the abandoned stream ran to its end")
        .isZero();
    assertThat(next.output()).as("then its worker read the next connection").startsWith(OK_LINE);
    assertThat(context.groundTruth().all())
        .singleElement()
        .satisfies(
            truth -> {
              assertThat(truth.outcome()).isEqualTo(GroundTruth.CLIENT_DISCONNECTED);
              assertThat(truth.completionTokens())
                  .as("nothing written after the client left")
                  .isLessThan(200);
            });
  }

  @Test
  void underAbortAStreamWhoseClientLeftFreesItsWorkerAtOnce() throws Exception {
    engine(oneWorker());
    EngineChannels next = aStreamsClientLeavesWithAHealthCheckWaiting();
    pump(5);

    assertThat(next.output())
        .as("the aborted stream's worker reads the next one")
        .startsWith(OK_LINE);
    assertThat(context.model("tiny-fast").scheduler().runningCount()).isZero();
  }

  @Test
  void withoutAPoolEveryConnectionIsReadAtOnce() throws Exception {
    engine(EngineConfig.defaults().withProfile("tiny-fast"));
    List<EngineChannels> many = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      many.add(connect());
    }
    many.forEach(connection -> connection.raw(health()));
    pump(5);

    assertThat(context.httpWorkers()).as("no pool by default").isNull();
    assertThat(many)
        .as("20 connections, all answered")
        .allSatisfy(connection -> assertThat(connection.output()).startsWith(OK_LINE));
  }
}
