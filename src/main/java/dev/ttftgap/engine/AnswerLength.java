package dev.ttftgap.engine;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.SplittableRandom;

/**
 * How long the simulated model's answers are when nothing forces them: the number of tokens it
 * generates before its end-of-sequence token, drawn per request from a lognormal distribution
 * clamped to {@code [min, max]}, as chat models' answer lengths are long-tailed.
 *
 * <p>Without an answer length in its profile the simulated model never ends on its own: every
 * answer runs to {@code max_tokens}. With one, a request gets {@code min(max_tokens, max(answer,
 * min_tokens))} tokens and {@code finish_reason "stop"} when the answer ended first, unless it sets
 * {@code ignore_eos} (vLLM, SGLang), which makes it run to {@code max_tokens}. So a load test that
 * trusts {@code max_tokens} to fix the output length sends less load than it thinks, and the
 * capacity report's short-output share shows it.
 *
 * <p>The draw is seeded by the request's messages, so the same conversation gets the same answer
 * length (as a greedy model's would) whatever else the request sets, and a run is reproducible;
 * distinct prompts get independent lengths.
 *
 * @param median median answer length, tokens ({@code e^μ} of the lognormal)
 * @param sigma σ of the length's logarithm (0.5–1 for chat answers; 0 = always the median)
 * @param min shortest answer, tokens
 * @param max longest answer, tokens
 */
public record AnswerLength(
    @JsonProperty("median") int median,
    @JsonProperty("sigma") double sigma,
    @JsonProperty("min") int min,
    @JsonProperty("max") int max) {

  /** {@link #meanTokens} integrates the standard normal over ±8 σ in steps of this width. */
  private static final double INTEGRATION_STEP = 0.002;

  /** Validates every field; a wrong value names it. */
  @JsonCreator
  public AnswerLength {
    if (min < 1) {
      throw new IllegalArgumentException("answer_tokens.min must be >= 1, was " + min);
    }
    if (max < min) {
      throw new IllegalArgumentException(
          "answer_tokens.max must be >= answer_tokens.min (" + min + "), was " + max);
    }
    if (median < min || median > max) {
      throw new IllegalArgumentException(
          "answer_tokens.median must lie in [min, max] = ["
              + min
              + ", "
              + max
              + "], was "
              + median);
    }
    if (!(sigma >= 0) || sigma > 3) {
      throw new IllegalArgumentException(
          "answer_tokens.sigma must be in [0, 3] (the spread of log length), was " + sigma);
    }
  }

  /** The answer length for the request whose messages hash to {@code seed}, tokens. */
  public int draw(long seed) {
    double z = new SplittableRandom(seed).nextGaussian();
    return tokensAt(z);
  }

  /**
   * Mean tokens a request gets with {@code max_tokens = cap} and no {@code ignore_eos}: E[min(cap,
   * answer)], integrated against the standard normal's density (midpoint rule over ±8 σ).
   */
  public double meanTokens(int cap) {
    double sum = 0;
    double weight = 0;
    for (double z = -8 + INTEGRATION_STEP / 2; z < 8; z += INTEGRATION_STEP) {
      double density = Math.exp(-z * z / 2);
      sum += density * Math.min(cap, tokensAt(z));
      weight += density;
    }
    return sum / weight;
  }

  private int tokensAt(double z) {
    long tokens = Math.round(median * Math.exp(sigma * z));
    return (int) Math.max(min, Math.min(max, tokens));
  }
}
