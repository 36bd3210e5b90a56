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

  @Test
  void theFailureKindAndPhaseRoundTripAndOlderLinesGetTheirKindFromTheError(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve(ScrapeFile.NAME);
    Scrape timedOut =
        new Scrape(
            1000,
            "http://127.0.0.1:8000/metrics",
            List.of(),
            "timed out after 3000 ms",
            ScrapeFailure.TIMEOUT,
            Scrape.AFTER_RUN);
    try (ScrapeFile out = ScrapeFile.create(file)) {
      out.write(timedOut);
    }
    Files.writeString(
        file,
        "{\"epochMillis\":2000,\"url\":\"u\",\"samples\":[],"
            + "\"error\":\"HttpTimeoutException: request timed out\"}\n"
            + "{\"epochMillis\":3000,\"url\":\"u\",\"samples\":[],\"error\":\"HTTP 503\"}\n"
            + "{\"epochMillis\":4000,\"url\":\"u\",\"samples\":[],"
            + "\"error\":\"ConnectException\"}\n",
        StandardOpenOption.APPEND);

    List<Scrape> read = ScrapeFile.read(file);

    assertThat(Files.readString(file)).contains("\"failure\":\"timeout\",\"phase\":\"after-run\"");
    assertThat(read.get(0)).as("kind and phase read back").isEqualTo(timedOut);
    assertThat(read.get(0).afterRun()).isTrue();
    assertThat(read.subList(1, 4))
        .extracting(Scrape::failure)
        .as("lines of an older file: the kind read from the error")
        .containsExactly(
            ScrapeFailure.TIMEOUT, ScrapeFailure.ERROR_STATUS, ScrapeFailure.CONNECTION);
    assertThat(read.get(1).afterRun()).as("no phase: during the run").isFalse();
  }
}
