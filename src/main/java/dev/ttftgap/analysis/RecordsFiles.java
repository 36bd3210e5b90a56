package dev.ttftgap.analysis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.record.RequestRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds and reads {@code records.jsonl} files for the analysis.
 *
 * <p>A small reader of its own so the analysis does not wait on the record package's reader;
 * unknown fields are ignored so newer writers stay readable.
 */
public final class RecordsFiles {
  /** The file name a run writes its records to. */
  public static final String RECORDS_FILE_NAME = "records.jsonl";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private RecordsFiles() {}

  /**
   * The records files named by {@code paths}: a file is taken as is, a folder contributes every
   * {@code records.jsonl} below it (sorted, so the result does not depend on the file system).
   *
   * @throws IllegalArgumentException when a path does not exist or a folder holds no records file
   */
  public static List<Path> resolve(List<Path> paths) {
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isRegularFile(path)) {
        files.add(path);
      } else if (Files.isDirectory(path)) {
        try (Stream<Path> walk = Files.walk(path, 4)) {
          List<Path> found =
              walk.filter(p -> p.getFileName().toString().equals(RECORDS_FILE_NAME))
                  .filter(Files::isRegularFile)
                  .sorted()
                  .toList();
          if (found.isEmpty()) {
            throw new IllegalArgumentException(
                "records: no "
                    + RECORDS_FILE_NAME
                    + " under "
                    + path
                    + "; pass a run folder or a records file");
          }
          files.addAll(found);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      } else {
        throw new IllegalArgumentException(
            "records: " + path + " does not exist; pass a run folder or a records file");
      }
    }
    return List.copyOf(files);
  }

  /** All records of {@code files}, in file order; blank lines are skipped. */
  public static List<RequestRecord> read(List<Path> files) {
    List<RequestRecord> records = new ArrayList<>();
    for (Path file : files) {
      try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        int lineNumber = 0;
        while ((line = reader.readLine()) != null) {
          lineNumber++;
          if (line.isBlank()) {
            continue;
          }
          try {
            records.add(MAPPER.readValue(line, RequestRecord.class));
          } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                "records: "
                    + file
                    + " line "
                    + lineNumber
                    + " is not a RequestRecord JSON line: "
                    + e.getOriginalMessage());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("records: cannot read " + file, e);
      }
    }
    return records;
  }

  /** Writes {@code records} as JSON lines (used by tests and tools that produce records). */
  public static void write(Path file, List<RequestRecord> records) {
    try {
      StringBuilder out = new StringBuilder();
      for (RequestRecord record : records) {
        out.append(MAPPER.writeValueAsString(record)).append('\n');
      }
      Files.writeString(file, out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("records: cannot write " + file, e);
    }
  }
}
