package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PrefixCacheCapacityTest {
  private static final ModelProfile QWEN3_8B = ModelProfile.builtIn("qwen3-8b-like");

  @Test
  void distinctPromptsWithoutASharedPrefixKeepTheProfilesCapacity() {
    assertThat(PrefixCacheCapacity.cachedTokens(QWEN3_8B, 100, 0, false)).as("cached").isZero();
    assertThat(PrefixCacheCapacity.saturationRatePerSecond(QWEN3_8B, 100, 0, false, 64))
        .as("req/s, the profile's 7.89")
        .isCloseTo(QWEN3_8B.saturationRatePerSecond(), within(1e-9))
        .isCloseTo(7.89, within(0.005));
  }

  @Test
  void aRepeatedPromptIsPrefilledOnceSoTheCapacityRises() {
    assertThat(PrefixCacheCapacity.cachedTokens(QWEN3_8B, 100, 0, true))
        .as("6 full blocks of 104 hashed ids")
        .isEqualTo(96);
    assertThat(PrefixCacheCapacity.saturationRatePerSecond(QWEN3_8B, 100, 0, true, 64))
        .as("req/s")
        .isCloseTo(8.88, within(0.005));
  }

  @Test
  void aSharedSystemPromptIsPrefilledOnceAndTheRestEveryTime() {
    assertThat(PrefixCacheCapacity.cachedTokens(QWEN3_8B, 100, 1000, false))
        .as("62 full blocks of the 1004-id system message")
        .isEqualTo(992);
    assertThat(PrefixCacheCapacity.saturationRatePerSecond(QWEN3_8B, 100, 1000, false, 64))
        .as("req/s with the cache")
        .isCloseTo(7.82, within(0.005));
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
