package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class CompressionCheckTest {
  private static final String MODEL = "qwen3-8b-like";

  @Test
  void warnsThroughAProxyThatCompressesAndBuffersTheEventStream() throws Exception {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults());
        CompressingProxy proxy = CompressingProxy.start(engine.baseUrl())) {
      PreflightTarget target =
          new PreflightTarget(
              proxy.via(engine.baseUrl() + "/chat/completions"),
              proxy.via(engine.baseUrl() + "/models"),
              Optional.empty(),
              MODEL,
              Duration.ofSeconds(10));
      PreflightResult plain = new Preflight(target).run();
      assertThat(plain.ok())
          .as("without Accept-Encoding the proxy streams: %s", plain.summaryLine())
          .isTrue();

      Optional<String> warning = CompressionCheck.run(target, plain);

      assertThat(warning).as("the compressed stream arrives all at once").isPresent();
      assertThat(warning.get())
          .contains("all at once")
          .contains("Content-Encoding: gzip")
          .contains("SDK clients")
          .contains("-Dclient.acceptEncoding=gzip");
    }
  }

  @Test
  void staysQuietWithoutTheProxy() throws Exception {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults())) {
      PreflightTarget target =
          new PreflightTarget(
              engine.baseUrl() + "/chat/completions",
              engine.baseUrl() + "/models",
              Optional.empty(),
              MODEL,
              Duration.ofSeconds(10));
      PreflightResult plain = new Preflight(target).run();
      assertThat(plain.ok()).as(plain.summaryLine()).isTrue();

      assertThat(CompressionCheck.run(target, plain))
          .as("the engine ignores Accept-Encoding and streams as before")
          .isEmpty();
    }
  }

  @Test
  void aGzippedEventStreamThatStillStreamsGetsANoteNotAWarning() {
    Optional<String> verdict =
        CompressionCheck.judge(
            Duration.ofMillis(25),
            Duration.ofMillis(185),
            Duration.ofMillis(2),
            Duration.ofMillis(3),
            Duration.ofMillis(186),
            "text/event-stream",
            "gzip");

    assertThat(verdict).isPresent();
    assertThat(verdict.get()).startsWith("preflight note").contains("still streams");
  }
}
