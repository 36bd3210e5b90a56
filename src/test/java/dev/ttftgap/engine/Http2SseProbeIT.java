package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.gatling.GatlingFork;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Does Gatling 3.15.1's SSE run over HTTP/2? A forked Gatling run of {@link
 * Http2SseProbeSimulation} against an h2 engine, and the engine's count of what each connection
 * negotiated by ALPN.
 */
class Http2SseProbeIT {
  private static final Pattern SPREAD =
      Pattern.compile("h2 probe: content events (\\d+) spread ms (-?\\d+)");

  @Test
  void gatlingsSseWithEnableHttp2AgainstAnH2Engine(@TempDir Path dir) {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults()
                .withProfile("tiny-fast")
                .withTls(EngineTls.selfSigned())
                .withHttp2(true))) {
      GatlingFork.Result run =
          GatlingFork.run(
              Http2SseProbeSimulation.class,
              dir,
              // the bare probe asks only which protocol Gatling speaks: it trusts any certificate
              // (Gatling's own default, which this project's gatling.conf turns off)
              Map.of(
                  "probe.baseUrl", engine.baseUrl(), "gatling.ssl.useInsecureTrustManager", "true"),
              Map.of(),
              false,
              Duration.ofSeconds(120));

      System.out.println("h2 probe: ALPN choices " + engine.negotiatedConnections());
      assertThat(run.exitCode()).as("Gatling run; output:\n%s", run.output()).isZero();
      assertThat(engine.groundTruths()).as("the three streams served").hasSize(3);
      assertThat(engine.negotiatedConnections())
          .as("what Gatling's SSE connections negotiated")
          .containsKey("h2");
      List<Long> spreads =
          SPREAD.matcher(run.output()).results().map(m -> Long.parseLong(m.group(2))).toList();
      System.out.println("h2 probe: Gatling's content-event spreads, ms " + spreads);
      assertThat(spreads)
          .as("each user's content events: 200 tokens of ~2 ms steps, arriving over time")
          .hasSize(3)
          .allSatisfy(spread -> assertThat(spread).isGreaterThan(150));
    }
  }
}
