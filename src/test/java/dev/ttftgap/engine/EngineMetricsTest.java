package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The prefix-cache counters on {@code /metrics}, over real HTTP on loopback: vLLM's names, in
 * tokens, so a load test's hit rate (hits / queries) reads the same against the engine as against
 * vLLM.
 */
class EngineMetricsTest {
  private static final String PROMPT = EmbeddedEngineTest.promptOfTokens(200);

  private static long counter(EmbeddedEngine engine, String name) {
    String text =
        String.join(
            "\n",
            StreamProbe.get("http://127.0.0.1:" + engine.port() + "/metrics").lines().stream()
                .map(StreamProbe.Line::text)
                .toList());
    Matcher matcher =
        Pattern.compile(
                "^" + Pattern.quote(name) + "\\{model_name=\"qwen3-8b-like\"} (\\d+)$",
                Pattern.MULTILINE)
            .matcher(text);
    assertThat(matcher.find()).as("%s in /metrics:\n%s", name, text).isTrue();
    return Long.parseLong(matcher.group(1));
  }

  private static double hitRate(EmbeddedEngine engine) {
    return (double) counter(engine, "vllm:prefix_cache_hits_total")
        / counter(engine, "vllm:prefix_cache_queries_total");
  }

  @Test
  void aRepeatedPromptIsCountedAsHitsAfterItsFirstRequest() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      String body = StreamProbe.chat("qwen3-8b-like", PROMPT, 2, true, "");
      StreamProbe.Result first = StreamProbe.post(engine, body);
      assertThat(counter(engine, "vllm:prefix_cache_hits_total"))
          .as("hits after one request")
          .isZero();
      int promptTokens =
          engine.groundTruth(first.header("x-request-id")).orElseThrow().promptTokens();
      for (int i = 0; i < 9; i++) {
        StreamProbe.post(engine, body);
      }

      assertThat(counter(engine, "vllm:prefix_cache_queries_total"))
          .as("queried tokens: 10 requests × their prompt")
          .isEqualTo(10L * promptTokens);
      int cached =
          PrefixCacheCapacity.cachedTokens(ModelProfile.builtIn("qwen3-8b-like"), 200, 0, true);
      assertThat(counter(engine, "vllm:prefix_cache_hits_total"))
          .as("hit tokens: 9 warm requests × their full blocks")
          .isEqualTo(9L * cached);
      assertThat(hitRate(engine)).as("hit rate of one prompt sent 10 times").isGreaterThan(0.8);
    }
  }

  @Test
  void promptsThatDifferFromTheirFirstTokenFindNothingCached() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults().withPort(0))) {
      String[] firsts = {"apple", "river", "table", "green", "water", "house"};
      for (String first : firsts) {
        StreamProbe.post(engine, StreamProbe.chat("qwen3-8b-like", first + PROMPT, 2, true, ""));
      }

      assertThat(counter(engine, "vllm:prefix_cache_queries_total")).as("queries").isPositive();
      assertThat(counter(engine, "vllm:prefix_cache_hits_total"))
          .as("hits of distinct prompts")
          .isZero();
    }
  }
}
