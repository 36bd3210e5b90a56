package dev.ttftgap.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TokenCalibrationTest {
  @Test
  void twoLengthsSeparateTheRatioFromTheTemplatesFixedTokens() {
    // 1.3 per token + 12: 16 → 33, 400 → 532
    TokenCalibration c =
        TokenCalibration.fromTwoLengths(16, 33, 400, 532, TokenCalibration.Source.USAGE);

    assertThat(c.servedPerCl100k()).as("slope").isCloseTo(1.3, within(0.001));
    assertThat(c.overheadTokens()).as("intercept").isCloseTo(12.2, within(0.01));
  }

  @Test
  void aRequestOfNServedTokensGetsItsContentAfterTheTemplateAndTheRatio() {
    TokenCalibration c = new TokenCalibration(1.3, 12, TokenCalibration.Source.TOKENIZE);

    assertThat(c.contentTokensFor(100)).as("(100 − 12) / 1.3 = 67.7").isEqualTo(68);
    assertThat(c.contentTokensFor(5)).as("never below one token").isEqualTo(1);
    assertThat(c.cl100kFor(130)).as("a system prompt: the ratio only").isEqualTo(100);
    assertThat(c.servedFor(68)).as("prediction with the template").isEqualTo(100);
    assertThat(c.servedContentFor(100)).as("prediction without").isEqualTo(130);
  }

  @Test
  void uncalibratedLengthsAreCl100kTokens() {
    TokenCalibration none = TokenCalibration.NONE;

    assertThat(none.calibrated()).isFalse();
    assertThat(none.contentTokensFor(100)).isEqualTo(100);
    assertThat(none.cl100kFor(50)).isEqualTo(50);
    assertThat(none.servedFor(107)).isEqualTo(107);
    assertThat(none.describe())
        .isEqualTo("prompt lengths in cl100k tokens (not calibrated against the target)");
  }

  @Test
  void aRatioNoTokenizerWouldGiveIsRefused() {
    assertThatThrownBy(
            () -> TokenCalibration.fromTwoLengths(16, 20, 400, 21, TokenCalibration.Source.USAGE))
        .as("usage that hardly grows with the prompt")
        .isInstanceOf(IllegalArgumentException.class);
  }
}
