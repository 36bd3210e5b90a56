package dev.ttftgap.profile;

import java.util.Locale;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A seeded distribution of token lengths ({@code promptTokens}, {@code maxTokens}), so that a run's
 * requests have the spread of real chat traffic instead of one length.
 *
 * <p>Algorithm overview: {@code fixed} always gives {@code min} (= {@code max}); {@code uniform}
 * gives a whole number in {@code [min, max]}, each equally likely; {@code normal} and {@code
 * lognormal} draw from the distribution whose mean and standard deviation are {@code mean} and
 * {@code stddev} (tokens; for the lognormal, {@code σ² = ln(1 + stddev²/mean²)} and {@code μ =
 * ln(mean) − σ²/2}), round to the nearest whole number and redraw a value outside {@code [min,
 * max]} (truncation, up to 1,000 draws, then clamp), so the bounds hold without piling samples on
 * them.
 *
 * <p>Assumptions: the caller hands each request its own {@link SplittableRandom}, seeded from the
 * profile's seed and the request's index, so a run's lengths do not depend on thread timing.
 *
 * <p>Parameters with defaults: {@code min} 1 and {@code max} {@code ceil(mean + 4 × stddev)} for
 * normal and lognormal when not given.
 *
 * <p>Example: {@code lognormal(mean 500, stddev 300, min 50, max 4000)} has a median near 430 and a
 * long right tail, like the prompt lengths of chat logs.
 *
 * @param kind the shape
 * @param min smallest length, tokens (≥ 1)
 * @param max largest length, tokens
 * @param mean mean of the untruncated normal/lognormal; the midpoint for fixed and uniform
 * @param stddev standard deviation of the untruncated normal/lognormal; 0 for fixed and uniform
 */
public record LengthDistribution(Kind kind, int min, int max, double mean, double stddev) {
  private static final int MAX_DRAWS = 1_000;

  /** The shapes a profile may name, as written there. */
  public enum Kind {
    FIXED,
    UNIFORM,
    NORMAL,
    LOGNORMAL;

    /** The name used in profiles: the constant's name in lower case. */
    public String code() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public LengthDistribution {
    Objects.requireNonNull(kind, "kind");
    if (min < 1 || max < min) {
      throw new IllegalArgumentException("need 1 <= min <= max, was " + min + ".." + max);
    }
    if ((kind == Kind.NORMAL || kind == Kind.LOGNORMAL) && (!(mean > 0) || !(stddev >= 0))) {
      throw new IllegalArgumentException("need mean > 0 and stddev >= 0");
    }
  }

  /** Always {@code tokens}. */
  public static LengthDistribution fixed(int tokens) {
    return new LengthDistribution(Kind.FIXED, tokens, tokens, tokens, 0);
  }

  /** Uniform whole numbers in {@code [min, max]}. */
  public static LengthDistribution uniform(int min, int max) {
    return new LengthDistribution(Kind.UNIFORM, min, max, (min + max) / 2.0, 0);
  }

  /** Normal, truncated to {@code [min, max]}. */
  public static LengthDistribution normal(double mean, double stddev, int min, int max) {
    return new LengthDistribution(Kind.NORMAL, min, max, mean, stddev);
  }

  /** Lognormal with this mean and standard deviation, truncated to {@code [min, max]}. */
  public static LengthDistribution lognormal(double mean, double stddev, int min, int max) {
    return new LengthDistribution(Kind.LOGNORMAL, min, max, mean, stddev);
  }

  /** Whether every sample is the same length. */
  public boolean isFixed() {
    return min == max;
  }

  /** One length, from {@code random}. */
  public int sample(SplittableRandom random) {
    if (min == max) {
      return min;
    }
    return switch (kind) {
      case FIXED -> min;
      case UNIFORM -> min + random.nextInt(max - min + 1);
      case NORMAL -> truncated(random, false);
      case LOGNORMAL -> truncated(random, true);
    };
  }

  /**
   * The mean of the samples (after truncation), tokens: exact for fixed and uniform, estimated from
   * 20,000 draws of a fixed seed for the others.
   */
  public double sampleMean() {
    if (kind == Kind.FIXED || kind == Kind.UNIFORM || min == max) {
      return (min + max) / 2.0;
    }
    SplittableRandom random = new SplittableRandom(0x5EED);
    long sum = 0;
    int draws = 20_000;
    for (int i = 0; i < draws; i++) {
      sum += sample(random);
    }
    return (double) sum / draws;
  }

  /** How a profile would write it, e.g. {@code uniform 50..150}. */
  public String describe() {
    return switch (kind) {
      case FIXED -> String.valueOf(min);
      case UNIFORM -> "uniform " + min + ".." + max;
      default ->
          kind.code() + " mean " + num(mean) + " sd " + num(stddev) + " in " + min + ".." + max;
    };
  }

  private int truncated(SplittableRandom random, boolean log) {
    double sigma = 0;
    double mu = 0;
    if (log) {
      sigma = Math.sqrt(Math.log(1 + (stddev * stddev) / (mean * mean)));
      mu = Math.log(mean) - sigma * sigma / 2;
    }
    double value = mean;
    for (int draw = 0; draw < MAX_DRAWS; draw++) {
      double gaussian = gaussian(random);
      value = log ? Math.exp(mu + sigma * gaussian) : mean + stddev * gaussian;
      long rounded = Math.round(value);
      if (rounded >= min && rounded <= max) {
        return (int) rounded;
      }
    }
    return (int) Math.max(min, Math.min(max, Math.round(value)));
  }

  /** A standard normal draw (Box–Muller; SplittableRandom has no nextGaussian on Java 17). */
  private static double gaussian(SplittableRandom random) {
    double u1 = 1.0 - random.nextDouble(); // (0, 1], so the log is finite
    double u2 = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  private static String num(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }
}
