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
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults between client and server: real Gatling runs (forked JVMs) through a {@link FaultProxy} in
 * front of the embedded engine, each a few seconds at 2 requests/s. For each fault, every load
 * request the proxy saw ends as exactly one record (so none was re-sent behind the records' back:
 * Gatling reconnects a dropped SSE stream and re-sends its POST unless the glue stops it), every
 * faulted request fails with the reason that names its fault, the others succeed, and the run ends
 * as designed.
 */
class FaultProxyRunIT {
  private static final String MODEL = "tiny-fast";
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  /** Every third load request gets the fault: a few failures, far from the breaker's limits. */
  private static final IntPredicate EVERY_THIRD = n -> n % 3 == 0;

  /**
   * Short timeouts, so a stall ends within the run: idle 2 s, first token 3 s, stream 4 s; one
   * 6-second step at 2 requests/s (12 requests).
   */
  private static final String PROFILE =
      """
      {
        "name": "faults",
        "request": {"promptTokens": 64, "maxTokens": 16},
        "load": {"model": "open", "steps": [2], "stepDurationSeconds": 6},
        "timeouts": {"firstTokenSeconds": 3, "idleSeconds": 2, "streamSeconds": 4}
      }
      """;

  @Test
  void aResetAfterTheHeadersEndsAsAConnectionFailure(@TempDir Path dir) throws Exception {
    Outcomes run = runThrough(dir, new ProxyFault.ResetAfterHeaders(200));
    run.assertFaultedEndAs(FailureReason.CONNECTION_FAILED);
    assertThat(run.faultedMessages())
        .as("the reset named in each message")
        .allSatisfy(m -> assertThat(m).containsIgnoringCase("reset"));
  }

  @Test
  void aStallMidStreamEndsAsAnIdleTimeout(@TempDir Path dir) throws Exception {
    Outcomes run = runThrough(dir, new ProxyFault.StallMidStream(3));
    run.assertFaultedEndAs(FailureReason.IDLE_TIMEOUT);
  }

  @Test
  void aDrippedStreamIsReadWhole(@TempDir Path dir) throws Exception {
    Outcomes run = runThrough(dir, new ProxyFault.Drip(7, 1));
    assertThat(run.failed()).as("failed records of a dripped run: %s", run.failed()).isEmpty();
  }

  @Test
  void idleKeptAliveConnectionsClosedByTheProxyCostNoRequest(@TempDir Path dir) throws Exception {
    Outcomes run = runThrough(dir, new ProxyFault.IdleClose(300));
    assertThat(run.proxy().idleCloses())
        .as("kept-alive connections the proxy closed after 300 ms idle")
        .isPositive();
    assertThat(run.failed()).as("failed records: %s", run.failed()).isEmpty();
  }

  @Test
  void anUpstreamDroppedMidStreamEndsAsNoDoneAndIsNotResent(@TempDir Path dir) throws Exception {
    Outcomes run = runThrough(dir, new ProxyFault.DropUpstream(3));
    run.assertFaultedEndAs(FailureReason.NO_DONE);
  }

  /** Runs the profile through a proxy with {@code fault} and checks records = requests sent. */
  private static Outcomes runThrough(Path dir, ProxyFault fault) throws Exception {
    Path profile = Files.writeString(dir.resolve("faults.json"), PROFILE);
    try (EmbeddedEngine engine =
            EmbeddedEngine.start(EngineConfig.defaults().withPort(0).withProfile(MODEL));
        FaultProxy proxy = FaultProxy.start(engine.port(), fault, EVERY_THIRD)) {
      GatlingFork.Result result =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir.resolve("results"),
              Map.of(
                  "profile",
                  profile.toString(),
                  "logback.configurationFile",
                  "/tmp/x/logback-debug.xml"),
              Map.of("LLM_BASE_URL", proxy.baseUrl(), "LLM_MODEL", MODEL),
              false,
              TIMEOUT);
      assertThat(result.exitCode())
          .as("exit code of a run that goes on; output:\n%s", result.output())
          .isZero();
      System.out.println("DEBUG-OUTPUT\n" + result.output());
      List<RequestRecord> records = RecordReader.read(result.records());
      assertThat(records)
          .as("one record per load request the proxy saw (%s): none re-sent, none lost", fault)
          .hasSize(proxy.loadRequests());
      assertThat(records.stream().map(r -> r.identity().requestId()).distinct().count())
          .as("one record per request id")
          .isEqualTo(records.size());
      return new Outcomes(proxy, records, fault);
    }
  }

  /** What a run through the proxy left. */
  private record Outcomes(FaultProxy proxy, List<RequestRecord> records, ProxyFault fault) {
    List<RequestRecord> failed() {
      return records.stream().filter(r -> !r.ok()).toList();
    }

    List<String> faultedMessages() {
      return failed().stream().map(r -> r.result().message()).toList();
    }

    /** Each faulted request failed with {@code reason}, and only those failed. */
    void assertFaultedEndAs(FailureReason reason) {
      Map<String, Long> reasons =
          failed().stream()
              .collect(
                  Collectors.groupingBy(
                      r -> r.result().reason().code(), TreeMap::new, Collectors.counting()));
      assertThat(proxy.faulted()).as("requests the proxy faulted (%s)", fault).isPositive();
      assertThat(reasons)
          .as("failure reasons of the %s faulted requests: %s", proxy.faulted(), failed())
          .isEqualTo(Map.of(reason.code(), (long) proxy.faulted()));
    }
  }
}
