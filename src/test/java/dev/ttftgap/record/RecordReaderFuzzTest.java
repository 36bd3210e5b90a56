package dev.ttftgap.record;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RecordReader#readAll} fuzzed as real files ({@link FuzzRun}) from a {@code records.jsonl}
 * that {@link RecordWriter} wrote of the {@link TestRecords} samples: any bytes are records or an
 * {@link IllegalArgumentException} of one line naming {@code file:line}.
 */
class RecordReaderFuzzTest {
  @TempDir Path dir;

  @Test
  void anyRecordsFileIsRecordsOrAOneLineError() {
    FuzzRun.assertNothingEscapes(target(dir));
  }

  @TestFactory
  Stream<DynamicTest> foundCasesStayFixed() {
    return FuzzRun.corpus(target(dir));
  }

  private static FuzzTarget target(Path dir) {
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
    byte[] all = FuzzRun.read(written);
    Path file = dir.resolve("records.jsonl");
    return new FuzzTarget(
        "records",
        List.of(all),
        List.of(IllegalArgumentException.class),
        input -> RecordReader.readAll(Files.write(file, input)));
  }
}
