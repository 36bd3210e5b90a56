package dev.ttftgap.record;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import dev.ttftgap.fuzz.FuzzTargetTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@link RecordReader#readAll} fuzzed as real files ({@link FuzzRun}) from a {@code records.jsonl}
 * that {@link RecordWriter} wrote of the {@link TestRecords} samples: any bytes are records or an
 * {@link IllegalArgumentException} of one line naming {@code file:line}.
 */
class RecordReaderFuzzTest extends FuzzTargetTest {
  @Override
  protected FuzzTarget target(Path dir) {
    Path written = dir.resolve("written.jsonl");
    try (RecordWriter writer = RecordWriter.open(written)) {
      List.of(
              TestRecords.full(1),
              TestRecords.minimal(2),
              TestRecords.inFlight(3),
              TestRecords.precise(4),
              TestRecords.toolCallTurn(5))
          .forEach(writer::append);
    }
    Path file = dir.resolve("records.jsonl");
    return new FuzzTarget(
        "records",
        List.of(FuzzRun.read(written)),
        List.of(IllegalArgumentException.class),
        input -> RecordReader.readAll(Files.write(file, input)));
  }
}
