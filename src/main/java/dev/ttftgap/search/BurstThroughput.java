package dev.ttftgap.search;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The maximum throughput μ̂ a burst shows: requests/s the server completes while it is kept busy.
 *
 * <p>Algorithm overview: a server that batches completes its requests in waves (a batch of eight
 * that started together ends together), so counting completions in a window errs by up to one wave:
 * three waves or two in a window of 2.6 periods is ±33 %. The tokens it streams come steadily
 * instead, one per running sequence per engine step. So μ̂ = (output tokens streamed in the window)
 * / window / (mean output tokens per request), each request's tokens spread evenly over its decode
 * interval [first token, end]. Requests that ended without a token count (no usage, or one chunk)
 * make it fall back to completions in the window / window.
 *
 * <p>Assumptions: every request of the burst has ended (its decode may straddle the window's
 * edges); times are the caller's clock, ms. Worked example: eight sequences of 64 tokens per wave,
 * one wave every 1,400 ms, window [1,225, 4,900) ms: 3 waves end inside it (24 completions: 6.53
 * req/s), but the tokens streamed there are 8 × 64 × 3,675 / 1,400 (5.71 req/s, the true rate).
 */
final class BurstThroughput {
  private final List<Completion> completions = new ArrayList<>();

  /**
   * One successful request of the burst.
   *
   * @param endMillis when it ended, caller's clock, ms
   * @param decodeMillis first token to end ({@code e2e − ttft}), ms; null when unknown
   * @param outputTokens tokens it received; null when unknown
   */
  public record Completion(
      long endMillis, @Nullable Long decodeMillis, @Nullable Integer outputTokens) {}

  /** Adds one successful request. */
  public void add(Completion completion) {
    completions.add(completion);
  }

  /** Successful requests that ended in {@code [fromMillis, toMillis]}. */
  public long endedWithin(long fromMillis, long toMillis) {
    return completions.stream()
        .filter(c -> c.endMillis() >= fromMillis && c.endMillis() <= toMillis)
        .count();
  }

  /** Whether every completion knows its tokens and decode interval, so the tokens can be used. */
  public boolean fromTokens() {
    return !completions.isEmpty()
        && completions.stream()
            .allMatch(
                c -> c.outputTokens() != null && c.outputTokens() > 0 && c.decodeMillis() != null);
  }

  /** μ̂ over {@code [fromMillis, toMillis)}, requests/s; null when nothing was streamed there. */
  public @Nullable Double ratePerSecond(long fromMillis, long toMillis) {
    double seconds = (toMillis - fromMillis) / 1000.0;
    if (!(seconds > 0)) {
      return null;
    }
    if (!fromTokens()) {
      long ended = endedWithin(fromMillis, toMillis);
      return ended == 0 ? null : ended / seconds;
    }
    double tokens = 0;
    double perRequest = 0;
    for (Completion c : completions) {
      perRequest += c.outputTokens();
      long start = c.endMillis() - c.decodeMillis();
      if (c.decodeMillis() == 0) {
        tokens += c.endMillis() >= fromMillis && c.endMillis() < toMillis ? c.outputTokens() : 0;
        continue;
      }
      long overlap = Math.min(c.endMillis(), toMillis) - Math.max(start, fromMillis);
      if (overlap > 0) {
        tokens += c.outputTokens() * (double) overlap / c.decodeMillis();
      }
    }
    perRequest /= completions.size();
    return tokens == 0 ? null : tokens / seconds / perRequest;
  }
}
