package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.preflight.CompressingProxy;
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
 * {@code -Dclient.acceptEncoding=gzip} through a proxy that compresses and buffers event streams
 * for clients that accept gzip: Gatling inflates the gzip body before its SSE decoder, so every
 * request still parses, and the records show what SDK clients get there: the whole stream at once.
 */
class AcceptEncodingRunIT {

  @Test
  void gzipStreamsDecodeAndShowTheProxysBuffering(@TempDir Path dir) throws Exception {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults());
        CompressingProxy proxy = CompressingProxy.start(engine.baseUrl())) {
      GatlingFork.Result run =
          GatlingFork.run(
              RisingRateSimulation.class,
              dir,
              Map.of("profile", "smoke", "client.acceptEncoding", "gzip", "metrics.url", "off"),
              Map.of("LLM_BASE_URL", proxy.via(engine.baseUrl()), "LLM_MODEL", "qwen3-8b-like"),
              false,
              Duration.ofSeconds(90));

      assertThat(run.exitCode()).as("Gatling run exit code; output:\n%s", run.output()).isZero();
      assertThat(run.output())
          .as("the preflight's compression warning")
          .contains("preflight warning: with Accept-Encoding: gzip");
      List<RequestRecord> records = RecordReader.read(run.records());
      assertThat(records)
          .as("every gzip-encoded stream parsed to its [DONE]")
          .isNotEmpty()
          .allSatisfy(
              r -> assertThat(r.result().outcome()).as("outcome of %s", r).isEqualTo(Outcome.OK));
      // medians: on a busy machine one request's parse can stall the client for a GC pause
      List<Long> afterFirst =
          records.stream()
              .map(r -> r.timings().e2eMillis() - r.timings().ttftMillis())
              .sorted()
              .toList();
      List<Long> e2e = records.stream().map(r -> r.timings().e2eMillis()).sorted().toList();
      assertThat(afterFirst.get(afterFirst.size() / 2))
          .as("a buffered stream: median e2e − TTFT against median e2e %s", e2e)
          .isLessThanOrEqualTo(e2e.get(e2e.size() / 2) / 10);
      assertThat(Files.readString(run.runFolder().resolve("capacity.json")))
          .as("the report reads it as buffered")
          .contains("\"timing\" : \"BUFFERED\"");
    }
  }
}
