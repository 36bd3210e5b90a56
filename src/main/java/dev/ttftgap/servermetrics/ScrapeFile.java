package dev.ttftgap.servermetrics;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code server-metrics.jsonl}: one {@link Scrape} per line, beside a run's {@code records.jsonl}.
 * Lines that do not parse (a run killed mid-line) are skipped on reading.
 */
public final class ScrapeFile implements AutoCloseable {
  /** The file name beside {@code records.jsonl}. */
  public static final String NAME = "server-metrics.jsonl";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final BufferedWriter out;

  private ScrapeFile(BufferedWriter out) {
    this.out = out;
  }

  /** Creates (or truncates) {@code file} for writing. */
  public static ScrapeFile create(Path file) {
    try {
      return new ScrapeFile(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("server metrics: cannot write " + file, e);
    }
  }

  /** Appends one scrape and flushes, so that an interrupted run keeps what it scraped. */
  public synchronized void write(Scrape scrape) {
    try {
      out.write(MAPPER.writeValueAsString(scrape));
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every scrape of {@code file}, in file order. */
  public static List<Scrape> read(Path file) {
    List<Scrape> scrapes = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (line.isBlank()) {
          continue;
        }
        try {
          scrapes.add(MAPPER.readValue(line, Scrape.class));
        } catch (IOException e) {
          // a torn last line of an interrupted run
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("server metrics: cannot read " + file, e);
    }
    return scrapes;
  }
}
