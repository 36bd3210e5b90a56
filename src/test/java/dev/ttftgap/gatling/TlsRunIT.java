package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.EngineTls;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.simulations.RisingRateSimulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs against the engine over HTTPS with its self-signed certificate: given as the CA the load
 * passes, records its protocol and how much of a new connection's TTFB was set-up; not given, the
 * run stops before any load with one line naming the certificate problem.
 */
class TlsRunIT {
  private static final Map<String, String> SMOKE = Map.of("profile", "smoke", "metrics.url", "off");

  private static GatlingFork.Result run(Path dir, Map<String, String> env) {
    return smoke(dir, env);
  }

  /** A smoke run (no /metrics) with {@code env}, within two minutes: this IT's and ProxyRunIT's. */
  static GatlingFork.Result smoke(Path dir, Map<String, String> env) {
    return GatlingFork.run(
        RisingRateSimulation.class, dir, SMOKE, env, false, Duration.ofSeconds(120));
  }

  @Test
  void anHttpsRunTrustingTheEnginesCertificatePassesAndShowsTheHandshake(@TempDir Path dir)
      throws Exception {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(EngineConfig.defaults().withTls(EngineTls.selfSigned()))) {
      Path ca = engine.certificatePath().orElseThrow();
      GatlingFork.Result run =
          run(
              dir,
              Map.of(
                  "LLM_BASE_URL", engine.baseUrl(),
                  "LLM_MODEL", "qwen3-8b-like",
                  "LLM_CA_FILE", ca.toString()));

      assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
      assertThat(run.output())
          .as("the run header names the protocol, the route and the CAs")
          .contains("HTTP/1.1, direct, CAs from LLM_CA_FILE=" + ca);
      List<RequestRecord> records = RecordReader.read(run.records());
      assertThat(records)
          .isNotEmpty()
          .allSatisfy(r -> assertThat(r.result().outcome()).as("%s", r).isEqualTo(Outcome.OK))
          .allSatisfy(r -> assertThat(r.httpVersion()).as("%s", r).isEqualTo("1.1"));
      List<Long> fresh = setups(records, true);
      List<Long> reused = setups(records, false);
      assertThat(fresh).as("requests that opened their connection").isNotEmpty();
      assertThat(reused).as("requests on a kept-alive connection").isNotEmpty();
      assertThat(median(fresh))
          .as(
              "a new connection's set-up (TCP + TLS handshake) against a reused one's: %s / %s",
              fresh, reused)
          .isGreaterThan(median(reused));
      assertThat(records)
          .allSatisfy(
              r ->
                  assertThat(r.micros().setupMicros())
                      .as("set-up is inside TTFB: %s", r)
                      .isLessThanOrEqualTo(r.micros().ttfbMicros()));
      assertThat(Files.readString(run.runFolder().resolve("capacity.json")))
          .as("the report states the set-up share")
          .contains("\"connectionSetup\"");
    }
  }

  @Test
  void withoutTheCaTheRunStopsBeforeAnyLoadNamingTheCertificate(@TempDir Path dir) {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(EngineConfig.defaults().withTls(EngineTls.selfSigned()))) {
      GatlingFork.Result run =
          run(dir, Map.of("LLM_BASE_URL", engine.baseUrl(), "LLM_MODEL", "qwen3-8b-like"));

      assertThat(run.exitCode()).as("output:\n%s", run.output()).isNotZero();
      assertThat(run.output())
          .contains("certificate of 127.0.0.1 not trusted (")
          // the JVM's, or a machine's SSL_CERT_FILE bundle, which the fork inherits
          .contains("checked against ")
          .contains("LLM_CA_FILE=ca.pem");
      assertThat(engine.groundTruths()).as("no chat request reached the engine").isEmpty();
    }
  }

  /**
   * The HTTP/2 question: Gatling 3.15.1's SSE over an h2 connection, offered by ALPN. Each stream's
   * events must arrive as the engine sends them, and the records must say HTTP/2.
   */
  @Test
  void http2IsNegotiatedAndRecordedPerRequest(@TempDir Path dir) throws Exception {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults().withTls(EngineTls.selfSigned()).withHttp2(true))) {
      Path ca = engine.certificatePath().orElseThrow();
      GatlingFork.Result run =
          run(
              dir,
              Map.of(
                  "LLM_BASE_URL",
                  engine.baseUrl(),
                  "LLM_MODEL",
                  "qwen3-8b-like",
                  "LLM_CA_FILE",
                  ca.toString(),
                  "LLM_HTTP_VERSION",
                  "2"));

      assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
      assertThat(run.output()).contains("HTTP/2 offered, direct, CAs from LLM_CA_FILE=" + ca);
      List<RequestRecord> records = RecordReader.read(run.records());
      assertThat(records)
          .isNotEmpty()
          .allSatisfy(r -> assertThat(r.result().outcome()).as("%s", r).isEqualTo(Outcome.OK))
          .allSatisfy(r -> assertThat(r.httpVersion()).as("%s", r).isEqualTo("2"));
      // after the headers, so that a first request's TLS handshake and cold start (TTFB 244 ms
      // once, against 2-20 ms after it) do not count: a buffered stream's first token comes with
      // its end, a streamed one's in the first half of the time after the headers
      assertThat(records)
          .as("streamed, not buffered: the first token well before the end")
          .allSatisfy(
              r ->
                  assertThat(r.timings().e2eMillis() - r.timings().ttftMillis())
                      .as("%s", r)
                      .isGreaterThan((r.timings().e2eMillis() - r.timings().ttfbMillis()) / 2));
      assertThat(run.output()).contains("Connections: HTTP/2;");
    }
  }

  @Test
  void theEmbeddedEngineOverTlsAndHttp2IsTrustedByItsOwnCertificate(@TempDir Path dir) {
    GatlingFork.Result run =
        GatlingFork.run(
            RisingRateSimulation.class,
            dir,
            Map.of(
                "profile", "smoke",
                "metrics.url", "off",
                "engine.tls", "self-signed",
                "engine.http2", "on"),
            Map.of(),
            false,
            Duration.ofSeconds(120));

    assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
    assertThat(RecordReader.read(run.records()))
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.result().outcome()).as("%s", r).isEqualTo(Outcome.OK))
        .allSatisfy(r -> assertThat(r.httpVersion()).as("%s", r).isEqualTo("2"));
  }

  private static List<Long> setups(List<RequestRecord> records, boolean newConnection) {
    return records.stream()
        .filter(r -> Boolean.valueOf(newConnection).equals(r.newConnection()))
        .map(r -> r.micros().setupMicros())
        .filter(java.util.Objects::nonNull)
        .sorted()
        .toList();
  }

  private static long median(List<Long> sorted) {
    return sorted.get(sorted.size() / 2);
  }
}
