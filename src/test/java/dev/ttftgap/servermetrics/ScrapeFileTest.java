package dev.ttftgap.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScrapeFileTest {

  @Test
  void scrapesReadBackAsWrittenAndATornLastLineIsSkipped(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(ScrapeFile.NAME);
    Scrape ok =
        new Scrape(
            1000,
            "http://127.0.0.1:8000/metrics",
            List.of(new MetricSample("vllm:num_requests_waiting", Map.of("model_name", "m"), 2)),
            null);
    Scrape failed = new Scrape(2000, "http://127.0.0.1:8000/metrics", List.of(), "HTTP 404");
    try (ScrapeFile out = ScrapeFile.create(file)) {
      out.write(ok);
      out.write(failed);
    }
    Files.writeString(file, "{\"epochMillis\":30", StandardOpenOption.APPEND);

    assertThat(ScrapeFile.read(file))
        .as("both scrapes, the torn line skipped")
        .containsExactly(ok, failed);
    assertThat(failed.ok()).as("a scrape with an error").isFalse();
  }
}
