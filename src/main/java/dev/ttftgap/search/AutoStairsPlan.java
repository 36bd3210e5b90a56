package dev.ttftgap.search;

import dev.ttftgap.profile.AutoStairs;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The stairs placed around a burst's throughput estimate: what {@link AutoStairsRun} offers after
 * its calibration, and what {@code run.json} records under {@code "stairs"}.
 *
 * <p>Algorithm overview: step {@code i} offers {@code fraction_i × μ̂}, rounded to three
 * significant digits and capped at {@code maxRate} (steps that the cap makes equal collapse into
 * one). Every step lasts the same {@code max(stepDurationSeconds, ⌈k × S⌉, ⌈m / r_1⌉)}, at most
 * {@code maxStepSeconds}: long enough for {@code k} single-user service times {@code S} (so a
 * request's queueing shows within a step) and for {@code m} arrivals at the lowest rate {@code r_1}
 * (so the low-load baseline has samples).
 *
 * <p>Worked example, defaults (fractions 0.25 … 1.2, k 10, m 12) and {@code stepDurationSeconds}
 * 30: μ̂ = 1.35 req/s and S = 2,400 ms give 0.338, 0.675, 0.945, 1.15, 1.35, 1.62 rps, each max(30,
 * 24, ⌈35.6⌉) = 36 s.
 *
 * @param estimateRatePerSec the burst's throughput estimate μ̂, requests/s
 * @param serviceTimeMillis the single-user phase's median e2e S, ms; null when none succeeded
 * @param burstConcurrency requests the burst kept in flight
 * @param burstSeconds how long the burst admitted requests, s
 * @param fractions the configured fractions of μ̂
 * @param ratesPerSec the steps' rates, in order, requests/s
 * @param stepDurationSeconds how long each step lasts, s
 * @param cappedAtRatePerSec {@code maxRate} when it capped a step, else null
 */
public record AutoStairsPlan(
    double estimateRatePerSec,
    @Nullable Double serviceTimeMillis,
    int burstConcurrency,
    double burstSeconds,
    List<Double> fractions,
    List<Double> ratesPerSec,
    int stepDurationSeconds,
    @Nullable Double cappedAtRatePerSec) {

  public AutoStairsPlan {
    fractions = List.copyOf(fractions);
    ratesPerSec = List.copyOf(ratesPerSec);
  }

  /**
   * The stairs for an estimate.
   *
   * @param config the profile's auto stairs
   * @param minStepSeconds the profile's {@code stepDurationSeconds}: the shortest step
   * @param estimateRatePerSec the burst's throughput, requests/s (&gt; 0)
   * @param serviceTimeMillis the single-user median e2e, ms, or null
   * @param burstSeconds how long the burst admitted requests, s
   */
  public static AutoStairsPlan of(
      AutoStairs config,
      int minStepSeconds,
      double estimateRatePerSec,
      @Nullable Double serviceTimeMillis,
      double burstSeconds) {
    if (!(estimateRatePerSec > 0) || Double.isInfinite(estimateRatePerSec)) {
      throw new IllegalArgumentException("estimate " + estimateRatePerSec + " is not a rate");
    }
    List<Double> rates = new ArrayList<>();
    Double capped = null;
    for (double fraction : config.fractions()) {
      double rate = threeDigits(fraction * estimateRatePerSec);
      if (rate > config.maxRate()) {
        rate = config.maxRate();
        capped = config.maxRate();
      }
      if (rates.isEmpty() || rate > rates.get(rates.size() - 1)) {
        rates.add(rate);
      }
    }
    long seconds = minStepSeconds;
    if (serviceTimeMillis != null) {
      seconds =
          Math.max(
              seconds, (long) Math.ceil(config.serviceTimeFactor() * serviceTimeMillis / 1000));
    }
    seconds = Math.max(seconds, (long) Math.ceil(config.minRequestsPerStep() / rates.get(0)));
    int duration = (int) Math.min(seconds, config.maxStepSeconds());
    return new AutoStairsPlan(
        estimateRatePerSec,
        serviceTimeMillis,
        config.burstConcurrency(),
        burstSeconds,
        config.fractions(),
        rates,
        duration,
        capped);
  }

  /**
   * The line printed before the stairs start, e.g. {@code auto stairs from a 1.35 req/s burst
   * estimate (32 in flight for 10 s; single-user e2e median 2400 ms): 0.338, 0.675, 0.945, 1.15,
   * 1.35, 1.62 rps, 36 s each}.
   */
  public String sentence() {
    String rates =
        ratesPerSec.stream().map(AutoStairsPlan::level).collect(Collectors.joining(", "));
    return String.format(
            Locale.ROOT,
            "auto stairs from a %s req/s burst estimate (%d in flight for %s s; single-user e2e"
                + " median %s): %s rps, %d s each",
            level(threeDigits(estimateRatePerSec)),
            burstConcurrency,
            level(threeDigits(burstSeconds)),
            serviceTimeMillis == null
                ? "unknown, no single-user request succeeded"
                : Math.round(serviceTimeMillis) + " ms",
            rates,
            stepDurationSeconds)
        + (cappedAtRatePerSec == null
            ? ""
            : "; capped at autoStairs.maxRate "
                + level(cappedAtRatePerSec)
                + " rps (raise it to reach "
                + level(fractions.get(fractions.size() - 1))
                + " × the estimate)");
  }

  /** A rate as labels write it: {@code 6.0} → {@code "6"}, {@code 0.50} → {@code "0.5"}. */
  static String level(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** {@code 0.3375} → {@code 0.338}, {@code 181.2} → {@code 181}. */
  static double threeDigits(double value) {
    return BigDecimal.valueOf(value).round(new MathContext(3)).doubleValue();
  }
}
