package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.List;
import org.junit.jupiter.api.Test;

class InFlightSweepTest {
  private static RequestRecord request(long start, Long e2e) {
    return TestRecords.builder().timings(t -> t.startEpochMillis(start).e2eMillis(e2e)).build();
  }

  @Test
  void theWorkedExampleOfTheJavadoc() {
    InFlightSweep sweep =
        new InFlightSweep(List.of(request(0, 300L), request(100, 100L), request(250, 150L)));

    assertThat(sweep.maxIn(0, 150)).as("[0, 300) and [100, 200)").isEqualTo(2);
    assertThat(sweep.maxIn(200, 400)).as("[0, 300) and [250, 400) at 250–300").isEqualTo(2);
    assertThat(sweep.maxIn(400, 500)).as("all ended by 400").isZero();
  }

  @Test
  void aRequestEndingAsAnotherStartsIsNotCountedWithIt() {
    InFlightSweep sweep = new InFlightSweep(List.of(request(0, 100L), request(100, 100L)));

    assertThat(sweep.maxIn(0, 300)).isEqualTo(1);
  }

  @Test
  void aRecordWithoutAnyDurationIsLeftOut() {
    InFlightSweep sweep = new InFlightSweep(List.of(request(0, null), request(10, 50L)));

    assertThat(sweep.maxIn(0, 100)).isEqualTo(1);
  }
}
