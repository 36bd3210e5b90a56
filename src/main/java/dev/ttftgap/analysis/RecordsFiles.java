package dev.ttftgap.analysis;

import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds the {@code records.jsonl} files of run folders and reads them for the analysis. */
public final class RecordsFiles {
  /** The file name a run writes its records to. */
  public static final String RECORDS_FILE_NAME = "records.jsonl";

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

  /**
   * All records of {@code files}, in file order, read by {@link RecordReader} (a truncated last
   * line, what an interrupted run leaves, is skipped with a warning).
   *
   * @throws IllegalArgumentException naming file and line when a line is not a record
   */
  public static List<RequestRecord> read(List<Path> files) {
    List<RequestRecord> records = new ArrayList<>();
    for (Path file : files) {
      records.addAll(RecordReader.read(file));
    }
    return records;
  }
}
