package dev.ttftgap.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordCanonTest {
  @Test
  void recordsReadFromAFileShareTheirEqualPartsAndStayEqualToWhatWasWritten(@TempDir Path dir) {
    Path file = dir.resolve("records.jsonl");
    List<RequestRecord> written = List.of(TestRecords.full(1), TestRecords.full(2));
    try (RecordWriter writer = RecordWriter.open(file)) {
      written.forEach(writer::append);
    }
    List<RequestRecord> read = RecordReader.read(file);
    assertThat(read).isEqualTo(written);
    assertThat(read.get(1).level()).isSameAs(read.get(0).level());
    assertThat(read.get(1).input()).isSameAs(read.get(0).input());
    assertThat(read.get(1).identity().run()).isSameAs(read.get(0).identity().run());
    assertThat(read.get(1).timings()).isNotSameAs(read.get(0).timings());
  }

  @Test
  void keepsAtMostItsBoundOfDistinctValues() {
    RecordCanon canon = new RecordCanon();
    RequestRecord first = null;
    for (int i = 0; i <= RecordCanon.MAX_VALUES; i++) {
      int step = i;
      RequestRecord record = TestRecords.builder().level(lv -> lv.step(step)).build();
      canon.of(record);
      if (i == 0) {
        first = record;
      }
    }
    RequestRecord again = TestRecords.builder().level(lv -> lv.step(0)).build();
    assertThat(canon.of(again).level()).isSameAs(first.level());
    RequestRecord past =
        TestRecords.builder().level(lv -> lv.step(RecordCanon.MAX_VALUES + 5)).build();
    assertThat(canon.of(past).level()).isSameAs(past.level());
  }
}
