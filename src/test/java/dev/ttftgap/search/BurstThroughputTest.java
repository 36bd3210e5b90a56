package dev.ttftgap.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

class BurstThroughputTest {
  /** Waves of 8 sequences of 64 tokens, one every 1,400 ms, each streaming for its whole wave. */
  private static BurstThroughput waves(int count, Integer tokens) {
    BurstThroughput burst = new BurstThroughput();
    for (int wave = 1; wave <= count; wave++) {
      for (int i = 0; i < 8; i++) {
        burst.add(new BurstThroughput.Completion(1_400L * wave, 1_400L, tokens));
      }
    }
    return burst;
  }

  @Test
  void tokensGiveTheTrueRateWhereCompletionsComeInWaves() {
    BurstThroughput burst = waves(4, 64);

    assertThat(burst.endedWithin(1_225, 4_900))
        .as("three waves end in the window: 24 / 3.675 s would say 6.53 req/s")
        .isEqualTo(24);
    assertThat(burst.fromTokens()).isTrue();
    assertThat(burst.ratePerSecond(1_225, 4_900))
        .as("8 per 1.4 s, from the tokens streamed in the window")
        .isCloseTo(8 / 1.4, offset(0.01));
  }

  @Test
  void withoutTokenCountsItCountsCompletions() {
    BurstThroughput burst = waves(4, null);

    assertThat(burst.fromTokens()).as("no usage: no token counts").isFalse();
    assertThat(burst.ratePerSecond(1_225, 4_900))
        .as("24 completions in 3.675 s")
        .isCloseTo(24 / 3.675, offset(0.01));
  }

  @Test
  void nothingStreamedInTheWindowIsNoRate() {
    BurstThroughput burst = waves(1, 64);

    assertThat(burst.ratePerSecond(5_000, 9_000)).as("the only wave ended before").isNull();
    assertThat(new BurstThroughput().ratePerSecond(0, 1_000)).as("no completion at all").isNull();
    assertThat(burst.ratePerSecond(1_000, 1_000)).as("an empty window").isNull();
  }
}
