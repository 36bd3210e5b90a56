package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.tokens.TokenCounter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PromptBuilderTest {

  @ParameterizedTest(name = "{0} tokens")
  @ValueSource(ints = {1, 2, 3, 20, 100, 500, 2000})
  void promptHasExactlyTheRequestedTokenCount(int tokens) {
    String prompt = PromptBuilder.promptOfTokens(tokens, 1);

    assertThat(TokenCounter.count(prompt))
        .as("token count of the %d-token prompt", tokens)
        .isEqualTo(tokens);
  }

  @Test
  void exactForEveryLengthUpTo300AndManySeeds() {
    SplittableRandom random = new SplittableRandom(42);
    for (int tokens = 1; tokens <= 300; tokens++) {
      long seed = random.nextLong();
      assertThat(TokenCounter.count(PromptBuilder.promptOfTokens(tokens, seed)))
          .as("tokens=%d seed=%d", tokens, seed)
          .isEqualTo(tokens);
    }
  }

  @Test
  void sameSeedSameTextOtherSeedOtherText() {
    assertThat(PromptBuilder.promptOfTokens(500, 7))
        .isEqualTo(PromptBuilder.promptOfTokens(500, 7))
        .isNotEqualTo(PromptBuilder.promptOfTokens(500, 8));
  }

  @Test
  void readsLikeSentences() {
    String prompt = PromptBuilder.promptOfTokens(100, 3);

    assertThat(prompt)
        .matches("[A-Z][a-z]+( [a-z]+|, [a-z]+)*\\.( [A-Z][a-z]+( [a-z]+|, [a-z]+)*\\.)*");
  }

  @Test
  void zeroTokensIsRejected() {
    assertThatThrownBy(() -> PromptBuilder.promptOfTokens(0, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void everyPrefixOfThePiecesIsExactlyThatManyTokens() {
    java.util.List<String> pieces = PromptBuilder.pieces(600, 11);
    StringBuilder text = new StringBuilder();
    for (int n = 1; n <= pieces.size(); n++) {
      text.append(pieces.get(n - 1));
      assertThat(TokenCounter.count(text.toString()))
          .as("tokens of the first %d pieces", n)
          .isEqualTo(n);
    }
  }

  @Test
  void tagsDifferForEveryIndexAndAreSixTokensThatJoinTheTextCleanly() {
    java.util.Set<String> tags = new java.util.HashSet<>();
    for (long index = 0; index < 20_000; index++) {
      tags.add(PromptBuilder.uniqueTag(index, 1, PromptBuilder.TAG_TOKENS));
    }
    assertThat(tags).as("distinct tags of 20,000 indices").hasSize(20_000);
    String tag = PromptBuilder.uniqueTag(12_345, 1, PromptBuilder.TAG_TOKENS);
    assertThat(TokenCounter.count(tag)).as("tokens of a tag").isEqualTo(PromptBuilder.TAG_TOKENS);
    String body = String.join("", PromptBuilder.pieces(50, 2));
    assertThat(TokenCounter.count(tag + " " + body)).as("tag + text").isEqualTo(56);
    assertThat(PromptBuilder.uniqueTag(7, 1, 6))
        .as("another seed, another tag")
        .isNotEqualTo(PromptBuilder.uniqueTag(7, 2, 6));
    assertThat(TokenCounter.count(PromptBuilder.uniqueTag(7, 1, 3)))
        .as("a 3-token tag")
        .isEqualTo(3);
  }
}
