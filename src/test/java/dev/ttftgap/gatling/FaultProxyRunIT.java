package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults between client and server: real Gatling runs (forked JVMs) through a {@link FaultProxy} in
 * front of the embedded engine, each a few seconds at 2 requests/s. For each fault, every load
 * request the proxy saw ends as exactly one record (so none was re-sent behind the records' back:
 * Gatling re-sends a POST whose stream or kept-alive connection dropped unless the glue stops it),
 * each failure has the one reason that names its fault, and the run goes on, or the breaker stops
 * it, as designed.
 */
class FaultProxyRunIT {
  private static final String MODEL = "tiny-fast";
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  /** Every third load request gets the fault: a few failures, far from the breaker's limits. */
  private static final IntPredicate EVERY_THIRD = n -> n % 3 == 0;

  /**
   * Gatling's client sees a reset as it sees a close (Netty's channel goes inactive: Gatling's
   * "Premature close"), so a stream reset before its first event ends as {@code no_content}.
   */
  @Test
  void aResetAfterTheHeadersEndsAsNoContent(@TempDir Path dir) throws Exception {
    Outcomes run = throughFault(dir, new ProxyFault.ResetAfterHeaders(200));
    run.assertFaultedEndAs(FailureReason.NO_CONTENT);
    run.assertFailedHadFirstToken(false);
  }

  /**
   * A stream that stops for good has no second event to measure a silence between: it ends at the
   * stream timeout (4 s), past the idle timeout (2 s).
   */
  @Test
  void aStallMidStreamEndsAtTheStreamTimeout(@TempDir Path dir) throws Exception {
    Outcomes run = throughFault(dir, new ProxyFault.StallMidStream(3));
    run.assertFaultedEndAs(FailureReason.STREAM_TIMEOUT);
    run.assertFailedHadFirstToken(true);
  }

  @Test
  void aDrippedStreamIsReadWhole(@TempDir Path dir) throws Exception {
    Outcomes run = throughFault(dir, new ProxyFault.Drip(7, 1));
    assertThat(run.proxy().faulted()).as("requests dripped").isPositive();
    assertThat(run.failed()).as("failed records of a dripped run").isEmpty();
  }

  @Test
  void idleKeptAliveConnectionsClosedByTheProxyCostNoRequest(@TempDir Path dir) throws Exception {
    Outcomes run = throughFault(dir, new ProxyFault.IdleClose(300));
    assertThat(run.proxy().idleCloses())
        .as("kept-alive connections the proxy closed after 300 ms idle")
        .isPositive();
    assertThat(run.failed()).as("failed records").isEmpty();
  }

  @Test
  void anUpstreamDroppedMidStreamEndsAsNoDoneAndIsNotResent(@TempDir Path dir) throws Exception {
    Outcomes run = throughFault(dir, new ProxyFault.DropUpstream(3));
    run.assertFaultedEndAs(FailureReason.NO_DONE);
  }

  /**
   * The engine is closed after the third load request and a new one starts on its port 2.5 s later:
   * streams cut by the close end as {@code no_done} (or {@code no_content} before any token), a
   * request cut before its headers and requests meanwhile as the gateway's 502, and the run goes on
   * to succeed again.
   */
  @Test
  void aServerKilledAndRestartedMidRunCostsOneRecordPerRequest(@TempDir Path dir) throws Exception {
    AtomicReference<EmbeddedEngine> engine = new AtomicReference<>(engine(0));
    int port = engine.get().port();
    try (FaultProxy proxy = FaultProxy.start(port, new ProxyFault.None(), n -> false)) {
      Thread killer =
          daemon(
              () -> {
                awaitLoad(proxy, 3);
                engine.get().close();
                pause(2_500);
                engine.set(engine(port));
              });
      Outcomes run = run(dir, proxy, profile(64, 8), 0);
      killer.join(10_000);
      Map<String, Long> reasons = run.reasons();
      assertThat(reasons.keySet())
          .as("reasons of a run whose server was killed and restarted: %s", run.failed())
          .isSubsetOf("no_done", "no_content", "http_status");
      assertThat(reasons.get("http_status"))
          .as("records of the 502s the proxy answered while the server was down")
          .isEqualTo((long) proxy.badGateways())
          .isPositive();
      List<RequestRecord> records = run.records();
      assertThat(records.get(records.size() - 1).ok())
          .as("the last request, served by the restarted server")
          .isTrue();
    } finally {
      engine.get().close();
    }
  }

  /**
   * The engine is closed after the second load request and never comes back: every later request is
   * a 502, and the breaker stops the run after 10 failures in a row with one reason.
   */
  @Test
  void aServerKilledForGoodIsStoppedByTheBreaker(@TempDir Path dir) throws Exception {
    EmbeddedEngine engine = engine(0);
    try (FaultProxy proxy = FaultProxy.start(engine.port(), new ProxyFault.None(), n -> false)) {
      Thread killer =
          daemon(
              () -> {
                awaitLoad(proxy, 2);
                engine.close();
              });
      Outcomes run = run(dir, proxy, profile(16, 12), BreakerGate.EXIT_BREAKER);
      killer.join(10_000);
      assertThat(run.proxy().loadRequests())
          .as("load requests sent before the breaker stopped a 24-request step")
          .isLessThan(24);
      assertThat(run.reasons().keySet())
          .as("reasons: the 502s, a stream the kill cut, any request the breaker cut")
          .isSubsetOf("http_status", "no_done", "no_content", "stopped_by_breaker")
          .contains("http_status");
    } finally {
      engine.close();
    }
  }

  /**
   * A load profile: one 2 requests/s step of {@code seconds}, {@code maxTokens} per answer; short
   * timeouts so a stall ends within the run (idle 2 s, first token 3 s, stream 4 s).
   */
  private static String profile(int maxTokens, int seconds) {
    return """
        {
          "name": "faults",
          "request": {"promptTokens": 64, "maxTokens": %d},
          "load": {"model": "open", "steps": [2], "stepDurationSeconds": %d},
          "timeouts": {"firstTokenSeconds": 3, "idleSeconds": 2, "streamSeconds": 4}
        }
        """
        .formatted(maxTokens, seconds);
  }

  /** A 6-second run through a proxy that puts {@code fault} on every third load request. */
  private static Outcomes throughFault(Path dir, ProxyFault fault) throws Exception {
    try (EmbeddedEngine engine = engine(0);
        FaultProxy proxy = FaultProxy.start(engine.port(), fault, EVERY_THIRD)) {
      Outcomes run = run(dir, proxy, profile(16, 6), 0);
      assertThat(proxy.loadRequests()).as("load requests of a 6 s step at 2 rps").isEqualTo(12);
      return run;
    }
  }

  /**
   * Runs {@code profileJson} through {@code proxy}: exit code {@code exit}, and one record per load
   * request the proxy saw, each with its own id.
   */
  private static Outcomes run(Path dir, FaultProxy proxy, String profileJson, int exit)
      throws Exception {
    Path profile = Files.writeString(dir.resolve("faults.json"), profileJson);
    GatlingFork.Result result =
        GatlingFork.run(
            RisingRateSimulation.class,
            dir.resolve("results"),
            Map.of("profile", profile.toString()),
            Map.of("LLM_BASE_URL", proxy.baseUrl(), "LLM_MODEL", MODEL),
            false,
            TIMEOUT);
    assertThat(result.exitCode()).as("exit code; output:\n%s", result.output()).isEqualTo(exit);
    List<RequestRecord> records = RecordReader.read(result.records());
    assertThat(records)
        .as("one record per load request the proxy saw: none re-sent, none lost")
        .hasSize(proxy.loadRequests());
    List<String> ids =
        records.stream().map(r -> r.identity().requestId()).filter(Objects::nonNull).toList();
    assertThat(Set.copyOf(ids)).as("request ids, each on one record").hasSameSizeAs(ids);
    assertThat(records)
        .as("a reason on every failed record")
        .allSatisfy(r -> assertThat(r.ok() || r.result().reason() != null).as("%s", r).isTrue());
    return new Outcomes(proxy, records);
  }

  private static EmbeddedEngine engine(int port) {
    return EmbeddedEngine.start(EngineConfig.defaults().withPort(port).withProfile(MODEL));
  }

  private static void awaitLoad(FaultProxy proxy, int requests) {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (proxy.loadRequests() < requests && System.nanoTime() < deadline) {
      pause(10);
    }
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "fault-proxy-it-killer");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** What a run through the proxy left. */
  private record Outcomes(FaultProxy proxy, List<RequestRecord> records) {
    List<RequestRecord> failed() {
      return records.stream().filter(r -> !r.ok()).toList();
    }

    /** Failed records by reason code. */
    Map<String, Long> reasons() {
      return failed().stream()
          .collect(
              Collectors.groupingBy(
                  r -> r.result().reason().code(), TreeMap::new, Collectors.counting()));
    }

    /** Every failed record has its TTFB (headers came), and a TTFT exactly when {@code had}. */
    void assertFailedHadFirstToken(boolean had) {
      assertThat(failed())
          .as("failed records: TTFB kept, TTFT %s", had ? "kept" : "none")
          .allSatisfy(
              r -> {
                assertThat(r.timings().ttfbMillis()).isNotNull();
                assertThat(r.timings().ttftMillis() != null).isEqualTo(had);
              });
    }

    /** Each faulted request failed with {@code reason}, and only those failed. */
    void assertFaultedEndAs(FailureReason reason) {
      assertThat(proxy.faulted()).as("requests the proxy faulted").isPositive();
      assertThat(reasons())
          .as("failure reasons of the %s faulted requests: %s", proxy.faulted(), failed())
          .isEqualTo(Map.of(reason.code(), (long) proxy.faulted()));
    }
  }
}
