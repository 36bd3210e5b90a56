package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrefixCacheCapacityTest {
  private static final ModelProfile QWEN3_8B = ModelProfile.builtIn("qwen3-8b-like");

  /** The class Javadoc's worked example: U = 100 user tokens, 64 output tokens. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "'distinct prompts without a shared prefix keep the profile''s capacity', 0, false, 0, 7.89",
    "'a repeated prompt is prefilled once so the capacity rises: 6 full blocks of 104 hashed ids',"
        + " 0, true, 96, 8.88",
    "'a shared system prompt is prefilled once and the rest every time: 62 full blocks of the"
        + " 1004-id system message', 1000, false, 992, 7.82"
  })
  void cachedTokensAndTheSaturationRateTheyGive(
      String name, int sharedPrefixTokens, boolean repeated, int cached, double ratePerSecond) {
    assertThat(PrefixCacheCapacity.cachedTokens(QWEN3_8B, 100, sharedPrefixTokens, repeated))
        .as("%s: cached tokens", name)
        .isEqualTo(cached);
    assertThat(
            PrefixCacheCapacity.saturationRatePerSecond(
                QWEN3_8B, 100, sharedPrefixTokens, repeated, 64))
        .as("%s: req/s", name)
        .isCloseTo(ratePerSecond, within(0.005));
  }

  @Test
  void distinctPromptsWithoutASharedPrefixKeepTheProfilesOwnRate() {
    assertThat(PrefixCacheCapacity.saturationRatePerSecond(QWEN3_8B, 100, 0, false, 64))
        .as("req/s, the profile's 7.89")
        .isCloseTo(QWEN3_8B.saturationRatePerSecond(), within(1e-9));
  }

  @Test
  void withoutTheCacheTheSharedSystemPromptWouldBePrefilledAndHeldEveryTime() {
    assertThat(QWEN3_8B.saturationRatePerSecond(1100, 64))
        .as("req/s were every prompt token prefilled and held: the KV cache holds 5 such")
        .isCloseTo(3.10, within(0.005));
  }

  @Test
  void withoutACacheNothingIsCached() {
    assertThat(PrefixCacheCapacity.cachedTokens(QWEN3_8B.withPrefixCacheBlocks(0), 100, 1000, true))
        .as("cached tokens, cache off")
        .isZero();
  }

  @Test
  void theCachedTokensAreWhatTheEngineFindsForARepeatedPrompt() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      String prompt = EmbeddedEngineTest.promptOfTokens(100);
      String body = StreamProbe.chat("qwen3-8b-like", prompt, 2, true, "");
      StreamProbe.post(engine, body);
      StreamProbe.Result warm = StreamProbe.post(engine, body);

      assertThat(engine.groundTruth(warm.header("x-request-id")).orElseThrow().cachedTokens())
          .as("tokens the engine served from its cache for the second request")
          .isEqualTo(PrefixCacheCapacity.cachedTokens(QWEN3_8B, 100, 0, true));
    }
  }
}
