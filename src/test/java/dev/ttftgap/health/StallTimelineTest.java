package dev.ttftgap.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StallTimelineTest {

  @Test
  void aStampGetsTheLongestStallCoveringItAndNoneOutsideThem() {
    StallTimeline timeline =
        StallTimeline.of(
            List.of(
                new EventLoopStall(2_000, 3_000, 1_500),
                new EventLoopStall(1_000, 12_000, 2_000),
                new EventLoopStall(20_000, 30_000, 9_000)));

    assertThat(timeline.longestAtMicros(999)).as("before any stall").isZero();
    assertThat(timeline.longestAtMicros(1_000)).as("a stall's start is in it").isEqualTo(2_000);
    assertThat(timeline.longestAtMicros(2_500))
        .as("inside two stalls: the longer")
        .isEqualTo(2_000);
    assertThat(timeline.longestAtMicros(12_000)).as("a stall's end is in it").isEqualTo(2_000);
    assertThat(timeline.longestAtMicros(12_001)).as("between stalls").isZero();
    assertThat(timeline.longestAtMicros(25_000)).isEqualTo(9_000);
    assertThat(timeline.longestAtMicros(30_001)).as("after the last").isZero();
  }

  @Test
  void whenAStallEndsTheLongestOfThoseStillOpenIsLeft() {
    StallTimeline nested =
        StallTimeline.of(
            List.of(new EventLoopStall(0, 100, 50_000), new EventLoopStall(40, 60, 70_000)));
    StallTimeline equal =
        StallTimeline.of(
            List.of(new EventLoopStall(0, 10, 4_000), new EventLoopStall(5, 20, 4_000)));

    assertThat(
            List.of(
                nested.longestAtMicros(50),
                nested.longestAtMicros(61),
                nested.longestAtMicros(100),
                equal.longestAtMicros(15),
                equal.longestAtMicros(21)))
        .as(
            "a short stall inside a long one: the short's delay, then the long one's until it"
                + " ends; two equal stalls: one left when the first ends, none after the second")
        .containsExactly(70_000L, 50_000L, 50_000L, 4_000L, 0L);
  }

  @Test
  void noStallsCoverNothing() {
    assertThat(StallTimeline.of(List.of()).longestAtMicros(123)).isZero();
  }
}
