package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * What each step delivered: output tokens per second and goodput, the successful requests per
 * second that each met the SLO (DistServe's definition, per request rather than per step's p95).
 *
 * <p>Algorithm overview: for every step, the successful requests that started in it; a request is
 * good when its TTFT is at most the SLO's p95 TTFT limit and its gap at most the p95 gap limit (a
 * limit the SLO does not give never excludes one), and each first token of a kind it produced
 * (answer, reasoning, tool call) at most that kind's limit (a kind it did not produce never
 * excludes it: a tool-call turn has no answer token to be late). Both figures are divided by the
 * step's window ({@link StepStats.Rates#windowSeconds()}). Example: a 20 s step with 160 successful
 * requests of which 150 had TTFT ≤ 3000 ms: goodput 7.5 rps; 160 × 64 output tokens: 512 tokens/s.
 *
 * <p>Assumptions: requests are attributed to the step they started in, as everywhere in the
 * analysis; a step without a window, or whose records never count output tokens, has null figures.
 */
final class StepGoodput {
  private StepGoodput() {}

  /** {@code steps} with their output tokens/s and goodput filled in. */
  static List<StepStats> of(
      List<StepStats> steps, List<RequestRecord> records, CapacityOptions options) {
    List<StepStats> filled = new ArrayList<>();
    for (StepStats step : steps) {
      Double window = step.rates().windowSeconds();
      if (window == null || window <= 0) {
        filled.add(step);
        continue;
      }
      long good = 0;
      long tokens = 0;
      boolean counted = false;
      for (RequestRecord record : records) {
        if (record.warmup() || record.level().step() != step.step() || !record.ok()) {
          continue;
        }
        if (meets(record, options)) {
          good++;
        }
        if (record.output().outputTokens() != null) {
          tokens += record.output().outputTokens();
          counted = true;
        }
      }
      filled.add(step.withDelivery(counted ? tokens / window : null, good / window));
    }
    return filled;
  }

  private static boolean meets(RequestRecord record, CapacityOptions options) {
    boolean ttft =
        !Double.isFinite(options.slo().ttftP95LimitMillis())
            || (record.timings().ttftMillis() != null
                && record.timings().ttftMillis() <= options.slo().ttftP95LimitMillis());
    boolean gap =
        !Double.isFinite(options.slo().gapP95LimitMillis())
            || (record.timings().gapMillis() != null
                && record.timings().gapMillis() <= options.slo().gapP95LimitMillis());
    return ttft
        && gap
        && within(record.timings().firstContentMillis(), options.slo().ttfvtP95Millis())
        && within(record.timings().firstReasoningMillis(), options.slo().ttfrP95Millis())
        && within(record.timings().firstToolCallMillis(), options.slo().ttftcP95Millis());
  }

  /** True without a limit or without that kind's first token, else when it met the limit. */
  private static boolean within(Long millis, java.util.Optional<Double> limit) {
    return limit.isEmpty() || millis == null || millis <= limit.get();
  }
}
