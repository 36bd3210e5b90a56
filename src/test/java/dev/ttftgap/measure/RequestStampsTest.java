package dev.ttftgap.measure;

import static dev.ttftgap.measure.TestStamps.stamped;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestStampsTest {

  @Test
  void durationsAreWholeMicrosecondsBetweenTheStamps() {
    RequestStamps stamps = stamped(5_000_000_000L, 5_000_812_345L, 5_026_700_999L);

    assertThat(stamps.ttfbMicros()).as("send → headers, µs").isEqualTo(812L);
    assertThat(stamps.ttftMicros()).as("send → first token, µs").isEqualTo(26_700L);
    assertThat(stamps.gapMicros()).as("headers → first token, µs").isEqualTo(25_888L);
  }

  @Test
  void theGapIsTtftMinusTtfbEvenWhereTheirTruncationsDiffer() {
    RequestStamps stamps = stamped(1_000_000L, 1_000_999L, 1_001_998L);
    // 0.999 µs and 1.998 µs truncate to 0 and 1; headers → first token alone would be 0.999 → 0
    assertThat(stamps.gapMicros())
        .as("gap = ttftMicros − ttfbMicros, as the record defines it")
        .isEqualTo(stamps.ttftMicros() - stamps.ttfbMicros())
        .isEqualTo(1L);
  }

  @Test
  void theWriteGivesTheSetUpTheConnectionAndTheProtocol() {
    RequestStamps stamps = stamped(1_000_000L, 9_000_000L, null);
    assertThat(stamps.httpVersion()).as("not written yet").isNull();
    assertThat(stamps.firstOnConnection()).isNull();

    stamps.written(4_500_000L, true);
    stamps.written(6_000_000L, false);

    assertThat(stamps.setupMicros()).as("send → written, the first write").isEqualTo(3_500L);
    assertThat(stamps.firstOnConnection()).isTrue();
    assertThat(stamps.httpVersion()).as("written without HTTP/2 news").isEqualTo("1.1");
    stamps.protocol(false);
    assertThat(stamps.httpVersion()).isEqualTo("1.1");
    stamps.protocol(true);
    assertThat(stamps.httpVersion()).isEqualTo("2");
  }

  @Test
  void theFirstStampOfEachKindWins() {
    RequestStamps stamps = stamped(1_000_000L, 2_000_000L, null);
    stamps.sent(9_000_000L);
    stamps.headers(8_000_000L);
    assertThat(stamps.ttfbMicros()).as("a re-sent request keeps the first send").isEqualTo(1_000L);
  }

  @Test
  void aMissingStampLeavesItsDurationsUndefined() {
    RequestStamps stamps = stamped(null, 2_000_000L, 3_000_000L);
    assertThat(stamps.ttfbMicros()).as("no send stamp").isNull();
    assertThat(stamps.ttftMicros()).as("no send stamp").isNull();
    assertThat(stamps.gapMicros()).as("headers and first token were stamped").isEqualTo(1_000L);
  }
}
