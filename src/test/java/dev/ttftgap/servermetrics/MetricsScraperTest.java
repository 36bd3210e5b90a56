package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsScraperTest {

  @Test
  void scrapesTheEnginesMetricsEverySecondIntoTheFile(@TempDir Path dir) throws Exception {
    List<String> notes = new CopyOnWriteArrayList<>();
    Path file = dir.resolve(ScrapeFile.NAME);
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults())) {
      URI url = URI.create(engine.baseUrl().replace("/v1", "") + "/metrics");
      MetricsScraper scraper = MetricsScraper.start(url, file, Optional.empty(), notes::add);
      Thread.sleep(2_300);
      scraper.stop();
    }

    List<Scrape> scrapes = ScrapeFile.read(file);
    assertThat(scrapes).as("at 0, 1 and 2 s, plus the last one at stop").hasSizeBetween(3, 5);
    assertThat(scrapes).allSatisfy(s -> assertThat(s.ok()).as("scrape %s", s).isTrue());
    assertThat(scrapes.get(0).samples())
        .as("the engine's vLLM gauges, kept as known families")
        .anySatisfy(s -> assertThat(s.name()).isEqualTo("vllm:num_requests_waiting"))
        .noneSatisfy(s -> assertThat(s.name()).startsWith("ttftgap_"));
    assertThat(notes).as("one line naming the vendor").hasSize(1);
    assertThat(notes.get(0)).contains("vllm");
  }

  @Test
  void anUnreachableEndpointIsNotedOnceAndNeverFailsTheRun(@TempDir Path dir) throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    List<String> notes = new CopyOnWriteArrayList<>();
    Path file = dir.resolve(ScrapeFile.NAME);
    MetricsScraper scraper =
        MetricsScraper.start(
            URI.create("http://127.0.0.1:" + port + "/metrics"),
            file,
            Optional.empty(),
            notes::add);
    Thread.sleep(1_300);
    scraper.stop();

    assertThat(scraper.failures()).as("every scrape failed").isEqualTo(scraper.scrapes());
    assertThat(ScrapeFile.read(file))
        .as("failed scrapes are kept, with their reason")
        .isNotEmpty()
        .allSatisfy(s -> assertThat(s.error()).isNotBlank());
    assertThat(notes).as("a single note, however many failures").hasSize(1);
    assertThat(notes.get(0)).contains("-Dmetrics.url").contains(String.valueOf(port));
  }
}
