package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class AnswerLengthTest {
  private static final AnswerLength CHAT = new AnswerLength(48, 0.7, 4, 1024);

  @Test
  void drawsAreReproducibleBoundedAndCentredOnTheMedian() {
    int[] draws = LongStream.range(0, 20_000).mapToInt(CHAT::draw).sorted().toArray();

    assertThat(CHAT.draw(42)).as("same seed, same answer").isEqualTo(CHAT.draw(42));
    assertThat(draws[0]).as("shortest").isGreaterThanOrEqualTo(4);
    assertThat(draws[draws.length - 1]).as("longest").isLessThanOrEqualTo(1024);
    assertThat(draws[draws.length / 2]).as("median of 20,000 draws").isBetween(46, 50);
    double logSd = logStandardDeviation(draws);
    assertThat(logSd).as("σ of log length").isCloseTo(0.7, within(0.03));
  }

  @Test
  void meanTokensMatchesTheMeanOfCappedDraws() {
    double sampled =
        LongStream.range(0, 50_000)
            .mapToInt(CHAT::draw)
            .map(n -> Math.min(64, n))
            .average()
            .orElseThrow();

    assertThat(CHAT.meanTokens(64)).as("E[min(64, answer)]").isCloseTo(sampled, within(0.5));
    assertThat(CHAT.meanTokens(64)).as("most answers end before 64").isLessThan(50);
    assertThat(CHAT.meanTokens(4)).as("a cap at the minimum").isCloseTo(4.0, within(1e-9));
    assertThat(new AnswerLength(30, 0, 1, 100).meanTokens(64))
        .as("σ 0")
        .isCloseTo(30, within(1e-9));
  }

  @Test
  void badFieldsAreRefusedNamingTheField() {
    assertThatThrownBy(() -> new AnswerLength(48, 0.7, 0, 10))
        .hasMessageContaining("answer_tokens.min");
    assertThatThrownBy(() -> new AnswerLength(48, 0.7, 4, 3))
        .hasMessageContaining("answer_tokens.max");
    assertThatThrownBy(() -> new AnswerLength(2, 0.7, 4, 100))
        .hasMessageContaining("answer_tokens.median");
    assertThatThrownBy(() -> new AnswerLength(48, -1, 4, 100))
        .hasMessageContaining("answer_tokens.sigma");
  }

  private static double logStandardDeviation(int[] draws) {
    // only the unclamped middle: min/max clamps would shrink the spread
    double[] logs =
        Arrays.stream(draws).filter(n -> n > 4 && n < 1024).mapToDouble(Math::log).toArray();
    double mean = Arrays.stream(logs).average().orElseThrow();
    return Math.sqrt(Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / logs.length);
  }
}
