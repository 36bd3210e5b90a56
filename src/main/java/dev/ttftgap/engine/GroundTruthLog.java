package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the most recent {@link GroundTruth} entries in memory and appends every one to an optional
 * JSON-lines trace file. Thread-safe.
 */
final class GroundTruthLog implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GroundTruthLog.class);
  private static final ObjectWriter WRITER = HttpResponses.JSON.writer();

  private final Map<String, GroundTruth> entries;
  private final BufferedWriter trace;

  GroundTruthLog(int capacity, Path traceFile) {
    this.entries =
        new LinkedHashMap<>() {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, GroundTruth> eldest) {
            return size() > capacity;
          }
        };
    try {
      this.trace =
          traceFile == null
              ? null
              : Files.newBufferedWriter(
                  traceFile,
                  StandardCharsets.UTF_8,
                  StandardOpenOption.CREATE,
                  StandardOpenOption.TRUNCATE_EXISTING,
                  StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open trace file " + traceFile, e);
    }
  }

  synchronized void record(GroundTruth truth) {
    entries.put(truth.requestId(), truth);
    if (trace != null) {
      try {
        trace.write(WRITER.writeValueAsString(truth));
        trace.write('\n');
        // flushed per line so a standalone engine's trace can be tailed while it runs
        trace.flush();
      } catch (IOException e) {
        LOG.warn("trace file write failed, trace stays incomplete: {}", e.toString());
      }
    }
  }

  synchronized Optional<GroundTruth> get(String requestId) {
    return Optional.ofNullable(entries.get(requestId));
  }

  synchronized List<GroundTruth> all() {
    return List.copyOf(new ArrayList<>(entries.values()));
  }

  synchronized void flush() {
    if (trace != null) {
      try {
        trace.flush();
      } catch (IOException e) {
        LOG.warn("trace file flush failed: {}", e.toString());
      }
    }
  }

  @Override
  public synchronized void close() {
    if (trace != null) {
      try {
        trace.close();
      } catch (IOException e) {
        LOG.warn("trace file close failed: {}", e.toString());
      }
    }
  }
}
