package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Gatling runs (forked JVMs) pointed at a loopback stub that counts what reaches it: every
 * setting the tool can check fails before the first request, with one line and nothing else; a run
 * whose every request is rejected is stopped by the circuit breaker within its window, with its
 * records and reports written and a non-zero exit.
 */
class ProductionSafetyRunIT {
  /**
   * Chat requests a passing preflight sends: the plain one, the streaming probe, the same probe
   * with {@code Accept-Encoding: gzip} (the compression check) and the prompt calibration's first
   * request (the stub rejects it, so the second is never sent).
   */
  private static final int PREFLIGHT_CHAT_REQUESTS = 4;

  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  private static String profile(int promptTokens, String steps) {
    return """
        {
          "name": "safety",
          "request": {"promptTokens": %d, "maxTokens": 16},
          "load": {"model": "open", "steps": %s, "stepDurationSeconds": 10},
          "timeouts": {"firstTokenSeconds": 5, "idleSeconds": 5, "streamSeconds": 10}
        }
        """
        .formatted(promptTokens, steps);
  }

  private static GatlingFork.Result run(
      Path dir, RejectingServer server, String profileJson, Map<String, String> extra)
      throws Exception {
    Path profile = Files.writeString(dir.resolve("safety.json"), profileJson);
    Map<String, String> properties = new HashMap<>(Map.of("profile", profile.toString()));
    properties.putAll(extra);
    return GatlingFork.run(
        RisingRateSimulation.class,
        dir.resolve("results"),
        properties,
        Map.of("LLM_BASE_URL", server.baseUrl(), "LLM_MODEL", RejectingServer.MODEL),
        true,
        TIMEOUT);
  }

  /**
   * Requests a run at 20 requests/s may send after the one that trips the breaker: those sent
   * before the client has read the tripping answer and stopped the injection, one second's worth at
   * most. The breaker decides on answers as the client reads them, and a client whose cores are
   * busy elsewhere reads them late (two CPU hogs made it 8 once). Without the breaker the 10-second
   * step would send 200.
   */
  private static final int SENT_BEFORE_THE_STOP = 20;

  /**
   * The server saw the {@code trip} load requests that tripped the breaker and at most {@link
   * #SENT_BEFORE_THE_STOP} more, and the run wrote one record per load request, each the server's
   * {@code status} or cut by the breaker.
   */
  private static void assertStoppedAfter(
      GatlingFork.Result run, RejectingServer server, int trip, int status) throws Exception {
    int load = server.chatRequests() - PREFLIGHT_CHAT_REQUESTS;
    assertThat(load)
        .as(
            "load requests the server saw: the %d that tripped it and those sent before the stop",
            trip)
        .isBetween(trip, trip + SENT_BEFORE_THE_STOP);
    List<RequestRecord> records = RecordReader.read(run.records());
    assertThat(records).as("one record per load request").hasSize(load);
    assertThat(records)
        .as("every record a %d or cut by the breaker", status)
        .allSatisfy(
            r ->
                assertThat(
                        Integer.valueOf(status).equals(r.result().httpStatus())
                            || r.result().reason() == FailureReason.STOPPED_BY_BREAKER)
                    .as("record %s", r)
                    .isTrue());
  }

  /**
   * A run at 20 requests/s that the breaker stops: exit status 3 and its verdict on the console.
   */
  private static GatlingFork.Result stopped(Path dir, RejectingServer server, String verdict)
      throws Exception {
    GatlingFork.Result run = run(dir, server, profile(100, "[20]"), Map.of());
    assertThat(run.exitCode())
        .as("exit status of a stopped run; output:\n%s", run.output())
        .isEqualTo(BreakerGate.EXIT_BREAKER);
    assertThat(run.output())
        .as("the breaker's verdict on the console")
        .contains(verdict)
        .doesNotContain("Run crashed");
    return run;
  }

  /** The console of a failed run is the one {@code ttft-gap:} line, nothing else. */
  private static void assertOneLine(GatlingFork.Result run, String expectedStart) {
    assertThat(run.exitCode()).as("exit status; output:\n%s", run.output()).isEqualTo(1);
    List<String> lines = run.output().lines().filter(l -> !l.isBlank()).toList();
    assertThat(lines)
        .as("the whole console output is the one line")
        .hasSize(1)
        .allSatisfy(line -> assertThat(line).startsWith("ttft-gap: " + expectedStart));
  }

  @Test
  void aStepRateBeyondTheLimitFailsInOneLineBeforeAnyRequest(@TempDir Path dir) throws Exception {
    try (RejectingServer server = RejectingServer.start(400, "never")) {
      GatlingFork.Result run = run(dir, server, profile(100, "[1, 1e9]"), Map.of());

      assertOneLine(run, dir.resolve("safety.json") + ": load.steps[1]: 1.0E9 is not a rate");
      assertThat(run.output()).as("names the real limit").contains("at most 100000 (requests/s)");
      assertThat(server.requests()).as("requests that reached the server").isZero();
    }
  }

  @Test
  void anUnwritableRecordsFolderFailsInOneLineBeforeAnyRequest(@TempDir Path dir) throws Exception {
    try (RejectingServer server = RejectingServer.start(400, "never")) {
      GatlingFork.Result run =
          run(dir, server, profile(100, "[1]"), Map.of("records.dir", "/proc/nope"));

      assertOneLine(run, "-Drecords.dir: cannot write into /proc/nope");
      assertThat(server.requests()).as("requests that reached the server").isZero();
    }
  }

  @Test
  void aReportsFolderThatIsAFileFailsInOneLineBeforeAnyRequest(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("reports"), "not a folder");
    try (RejectingServer server = RejectingServer.start(400, "never")) {
      GatlingFork.Result run =
          run(dir, server, profile(100, "[1]"), Map.of("ttftgap.reportsDir", file.toString()));

      assertOneLine(
          run, "the reports folder (-Dttftgap.reportsDir): " + file + " is a file, not a folder");
      assertThat(server.requests()).as("requests that reached the server").isZero();
    }
  }

  @Test
  void aPromptBeyondTheAnnouncedContextLengthFailsInOneLineBeforeAnyChatRequest(@TempDir Path dir)
      throws Exception {
    try (RejectingServer server = RejectingServer.start(400, "never")) {
      GatlingFork.Result run = run(dir, server, profile(200_000, "[1]"), Map.of());

      assertOneLine(run, "the profile's request needs 200016 tokens");
      assertThat(run.output()).as("names the limit").contains("a context length of 32768");
      assertThat(server.chatRequests()).as("chat requests that reached the server").isZero();
      assertThat(server.requests()).as("only the models listing").isEqualTo(1);
    }
  }

  @Test
  void anEndpointAnswering400ToEverythingIsStoppedWithinTheWindowWithReportsWritten(
      @TempDir Path dir) throws Exception {
    try (RejectingServer server =
        RejectingServer.start(
            400, "This model's maximum context length is 32768 tokens; your request has more")) {
      GatlingFork.Result run =
          stopped(
              dir,
              server,
              "ttft-gap: circuit breaker: stopped at step 1 · 20 rps: the last 10 requests all"
                  + " failed with HTTP 400 (context length)");
      assertStoppedAfter(run, server, 10, 400);
      JsonNode capacity =
          new ObjectMapper().readTree(run.runFolder().resolve("capacity.json").toFile());
      assertThat(capacity.path("runNotes").toString())
          .as("the reason in the capacity report's verdicts")
          .contains("stopped at step 1 · 20 rps: the last 10 requests all failed with HTTP 400");
      assertThat(run.runFolder().resolve("index.html")).as("Gatling's report written").exists();
    }
  }

  @Test
  void anEndpointRefusingTheKeyMidRunIsStoppedAfterTenRefusals(@TempDir Path dir) throws Exception {
    try (RejectingServer server = RejectingServer.start(401, "Incorrect API key provided")) {
      GatlingFork.Result run =
          stopped(dir, server, "the last 10 requests all failed with HTTP 401 (unauthorized)");
      assertStoppedAfter(run, server, 10, 401);
    }
  }

  @Test
  void anEndpointRateLimitingEverythingIsStoppedBeyondTheTolerance(@TempDir Path dir)
      throws Exception {
    try (RejectingServer server = RejectingServer.start(429, "Rate limit reached")) {
      GatlingFork.Result run =
          stopped(dir, server, "3 of the last 3 requests were rate-limited (HTTP 429)");
      assertStoppedAfter(run, server, 3, 429);
      assertThat(run.runFolder().resolve("capacity.html")).as("capacity report").exists();
    }
  }
}
