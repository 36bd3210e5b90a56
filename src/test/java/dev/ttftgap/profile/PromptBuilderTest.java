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
}
