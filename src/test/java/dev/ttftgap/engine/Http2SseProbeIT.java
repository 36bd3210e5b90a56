package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.gatling.GatlingFork;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Does Gatling 3.15.1's SSE run over HTTP/2? A forked Gatling run of {@link
 * Http2SseProbeSimulation} against an h2 engine, and the engine's count of what each connection
 * negotiated by ALPN.
 */
class Http2SseProbeIT {

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
              Map.of("probe.baseUrl", engine.baseUrl()),
              Map.of(),
              false,
              Duration.ofSeconds(120));

      System.out.println("h2 probe: ALPN choices " + engine.negotiatedConnections());
      assertThat(run.exitCode()).as("Gatling run; output:\n%s", run.output()).isZero();
      assertThat(engine.groundTruths()).as("the three streams served").hasSize(3);
      assertThat(engine.negotiatedConnections())
          .as("what Gatling's SSE connections negotiated")
          .containsKey("h2");
    }
  }
}
