package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The check for a forked run that had to stop before its first request (a bad knob, a model the
 * server does not list): whatever records files it left below its folder are empty.
 */
final class NothingSent {
  private NothingSent() {}

  /** Every {@link RunOutputs#RECORDS_FILE} below {@code dir} holds no record. */
  static void assertNoRecordsUnder(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      assertThat(files.filter(p -> p.endsWith(RunOutputs.RECORDS_FILE)).toList())
          .as("no records: nothing was sent")
          .allSatisfy(p -> assertThat(RecordReader.read(p)).isEmpty());
    }
  }
}
