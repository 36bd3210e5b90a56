package dev.ttftgap.analysis;

import dev.ttftgap.record.RecordWriter;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Path;
import java.util.List;

/** Writes records files for tests with the project's own writer. */
public final class RecordsFixture {
  private RecordsFixture() {}

  public static void write(Path file, List<RequestRecord> records) {
    try (RecordWriter writer = RecordWriter.open(file)) {
      records.forEach(writer::append);
    }
  }
}
