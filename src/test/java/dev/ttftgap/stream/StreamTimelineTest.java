package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StreamTimelineTest {
  private static final Chunk DONE = ChunkClassifier.classifyData("[DONE]");

  @Test
  void keepsTheFirstHeadersAndEnd() {
    StreamTimeline timeline = new StreamTimeline(100).headers(110).headers(999).end(200).end(300);

    assertThat(timeline.sendEpochMillis()).as("send").isEqualTo(100);
    assertThat(timeline.headersEpochMillis()).as("first headers call").hasValue(110);
    assertThat(timeline.endEpochMillis()).as("first end call").hasValue(200);
  }

  @Test
  void marksNotGivenAreEmpty() {
    StreamTimeline timeline = new StreamTimeline(100);

    assertThat(timeline.headersEpochMillis()).as("no headers yet").isEmpty();
    assertThat(timeline.endEpochMillis()).as("not ended").isEmpty();
    assertThat(timeline.events()).as("no events").isEmpty();
  }

  @Test
  void keepsEventsInArrivalOrderReadOnly() {
    StreamTimeline timeline = new StreamTimeline(0).event(30, DONE).event(20, DONE);

    assertThat(timeline.events())
        .as("arrival order, timestamps as given")
        .extracting(StreamTimeline.Event::epochMillis)
        .containsExactly(30L, 20L);
    assertThatThrownBy(() -> timeline.events().clear())
        .as("the view is read-only")
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void rejectsANullChunk() {
    assertThatThrownBy(() -> new StreamTimeline(0).event(1, null))
        .as("a missing chunk is a programming error")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("chunk");
  }
}
