package dev.ttftgap.engine;

/**
 * The analytic saturation rate of a model profile for a run's prompts, with its prefix cache.
 *
 * <p>Algorithm overview: the engine hashes a prompt as the token ids of each message followed by
 * {@value ChatRequest#PER_MESSAGE_TOKENS} boundary markers, in blocks of {@code block_size}; a
 * block is served from the cache when it and every block before it were seen. With distinct prompts
 * (each user message starts with its own tag) only the full blocks of a shared system prompt of S
 * tokens are found: {@code floor((S + 4) / block) × block} tokens. With one repeated prompt every
 * full block is found: {@code floor((S + 4 + U + 4) / block) × block}, U being the user message's
 * tokens, less at least one token that is always computed. The saturation rate is then {@link
 * ModelProfile#saturationRatePerSecond(int, int)} with P = S + U − cached.
 *
 * <p>Worked example, {@code qwen3-8b-like} (blocks of 16), U = 100, output 64: distinct, no system
 * prompt, P = 100, 7.89 req/s; repeated, cached = 96, P = 4, 8.88 req/s; distinct with a shared
 * 1,000-token system prompt, cached = 992, P = 108, 7.82 req/s instead of 3.10 without the cache
 * (1,164 tokens per sequence: its 400 KV blocks hold 5 such sequences). P also stands for a
 * sequence's own KV blocks: the shared ones count once for all running sequences.
 *
 * <p>Assumptions: the cache is warm (a run's first request misses) and large enough to hold the
 * shared blocks (16,384 blocks in 8b/14b); the engine's 3 priming tokens and per-message markers,
 * not in P, cost about 1 % at 100 tokens.
 */
public final class PrefixCacheCapacity {
  private PrefixCacheCapacity() {}

  /**
   * Prompt tokens a warm cache serves for each request.
   *
   * @param userTokens tokens of the user message
   * @param sharedPrefixTokens tokens of the system prompt every request shares; 0 = none
   * @param repeated whether every request sends the same user message
   */
  public static int cachedTokens(
      ModelProfile profile, int userTokens, int sharedPrefixTokens, boolean repeated) {
    if (profile.prefixCacheBlocks() == 0) {
      return 0;
    }
    int marker = ChatRequest.PER_MESSAGE_TOKENS;
    int system = sharedPrefixTokens > 0 ? sharedPrefixTokens + marker : 0;
    int hashed = repeated ? system + userTokens + marker : system;
    int block = profile.blockSize();
    int total = ChatRequest.PRIMING_TOKENS + system + userTokens + marker;
    return Math.min(hashed / block * block, total - 1);
  }

  /** Saturation rate, requests/s, for these prompts and {@code outputTokens} (class Javadoc). */
  public static double saturationRatePerSecond(
      ModelProfile profile,
      int userTokens,
      int sharedPrefixTokens,
      boolean repeated,
      int outputTokens) {
    int cached = cachedTokens(profile, userTokens, sharedPrefixTokens, repeated);
    int uncached = Math.max(1, sharedPrefixTokens + userTokens - cached);
    return profile.saturationRatePerSecond(uncached, outputTokens);
  }
}
