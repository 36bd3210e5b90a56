package dev.ttftgap.health;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The file of a run's {@link LoadGeneratorSample}s, {@value #FILE_NAME}, one JSON line per
 * interval, beside the run's {@code records.jsonl}. Written by {@link LoadGeneratorMonitor}, read
 * by the capacity analysis when present (an older run without it simply has no health verdict).
 */
public final class LoadGeneratorLog implements AutoCloseable {
  public static final String FILE_NAME = "load-generator.jsonl";

  private static final ObjectMapper MAPPER =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private final Path file;
  private final BufferedWriter out;

  private LoadGeneratorLog(Path file, BufferedWriter out) {
    this.file = file;
    this.out = out;
  }

  /** Creates (or truncates) {@code file}. */
  public static LoadGeneratorLog open(Path file) {
    try {
      return new LoadGeneratorLog(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("load generator log: cannot create " + file, e);
    }
  }

  /** Appends one sample and flushes (one line a second: the flush costs nothing). */
  public synchronized void append(LoadGeneratorSample sample) {
    try {
      out.write(MAPPER.writeValueAsString(sample));
      out.write('\n');
      out.flush();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("load generator log: cannot serialise " + sample, e);
    } catch (IOException e) {
      throw new UncheckedIOException("load generator log: cannot write " + file, e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("load generator log: cannot close " + file, e);
    }
  }

  /** The samples of one file, in file order. */
  public static List<LoadGeneratorSample> read(Path file) {
    List<LoadGeneratorSample> samples = new ArrayList<>();
    try {
      int lineNumber = 0;
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        lineNumber++;
        if (line.isBlank()) {
          continue;
        }
        try {
          samples.add(MAPPER.readValue(line, LoadGeneratorSample.class));
        } catch (JsonProcessingException e) {
          throw new IllegalArgumentException(
              file
                  + ":"
                  + lineNumber
                  + ": not a load generator sample ("
                  + e.getOriginalMessage()
                  + "); delete the file to analyse the records without the health verdict");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("load generator log: cannot read " + file, e);
    }
    return samples;
  }

  /**
   * The samples in the {@value #FILE_NAME} files beside {@code recordsFiles}, all together; null
   * when none of them has one (the run predates the probe, or records were copied alone).
   */
  public static List<LoadGeneratorSample> readBeside(List<Path> recordsFiles) {
    Set<Path> besides = new LinkedHashSet<>();
    for (Path records : recordsFiles) {
      Path dir = records.toAbsolutePath().normalize().getParent();
      if (dir != null && Files.isRegularFile(dir.resolve(FILE_NAME))) {
        besides.add(dir.resolve(FILE_NAME));
      }
    }
    if (besides.isEmpty()) {
      return null;
    }
    List<LoadGeneratorSample> samples = new ArrayList<>();
    besides.forEach(file -> samples.addAll(read(file)));
    return samples;
  }
}
