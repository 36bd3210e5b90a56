package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionSetupTest {
  static RequestRecord request(boolean fresh, long setupMicros, long ttfbMicros, String version) {
    return TestRecords.builder()
        .newConnection(fresh)
        .httpVersion(version)
        .micros(m -> m.setupMicros(setupMicros).ttfbMicros(ttfbMicros))
        .build();
  }

  @Test
  void mediansOfNewAndReusedConnectionsAndTheSetUpsShareOfTtfb() {
    List<RequestRecord> records =
        List.of(
            request(true, 3_000, 30_000, "1.1"),
            request(true, 5_000, 40_000, "1.1"),
            request(true, 4_000, 50_000, "1.1"),
            request(false, 40, 20_000, "1.1"),
            request(false, 60, 20_000, "1.1"),
            TestRecords.builder().build());

    ConnectionSetup setup = ConnectionSetup.of(records);

    assertThat(setup.protocols()).isEqualTo(Map.of("1.1", 5));
    assertThat(setup.newConnections()).isEqualTo(3);
    assertThat(setup.reusedConnections())
        .as("the record without a set-up is left out")
        .isEqualTo(2);
    assertThat(setup.newSetupP50Millis()).isEqualTo(4.0);
    assertThat(setup.newTtfbP50Millis()).isEqualTo(40.0);
    assertThat(setup.reusedSetupP50Millis()).isEqualTo(0.05);
    assertThat(setup.newSetupSharePercent()).isEqualTo(10.0);
  }

  @Test
  void recordsWithoutSetUpTimesHaveNoSummary() {
    assertThat(ConnectionSetup.of(List.of(TestRecords.builder().newConnection(true).build())))
        .isNull();
  }
}
