package dev.ttftgap.analysis;

/**
 * One step's TTFT growth over the low-load baseline, split at the headers (see {@link
 * QueueLocator}). Growths are this step's percentile minus the low-load step's, ms (negative when
 * it fell); a figure is null when undefined (no baseline, or no successful request in the step).
 *
 * @param step the step
 * @param place where the growth is; null when undetermined (no baseline, no TTFT, or TTFT above its
 *     band while neither part grew)
 * @param headerTiming when this step's headers came, judged on this step's requests alone: {@link
 *     HeaderTiming#HELD_BY_QUEUE} when they came at acceptance but acceptance itself waited (TTFB
 *     grew); null when the step had no successful request
 * @param ttftGrowthP50Millis TTFT p50 growth
 * @param ttfbGrowthP50Millis TTFB p50 growth: the part before the headers
 * @param gapGrowthP50Millis gap p50 growth: the part after the headers
 * @param beforeHeadersSharePercent the TTFB part's share of the growth at p50, of the parts'
 *     growths floored at 0; null when neither grew
 * @param ttftGrowthP95Millis TTFT p95 growth
 * @param ttfbGrowthP95Millis TTFB p95 growth
 * @param gapGrowthP95Millis gap p95 growth
 * @param beforeHeadersShareP95Percent the TTFB part's share at p95; null when neither grew
 */
public record StepQueueLocation(
    int step,
    QueuePlace place,
    HeaderTiming headerTiming,
    Double ttftGrowthP50Millis,
    Double ttfbGrowthP50Millis,
    Double gapGrowthP50Millis,
    Double beforeHeadersSharePercent,
    Double ttftGrowthP95Millis,
    Double ttfbGrowthP95Millis,
    Double gapGrowthP95Millis,
    Double beforeHeadersShareP95Percent) {

  /** True when some of the step's growth sits before the headers (before, or both). */
  public boolean queuesBeforeHeaders() {
    return place == QueuePlace.BEFORE_HEADERS || place == QueuePlace.BOTH;
  }

  /** True when some of the step's growth sits after the headers (after, or both). */
  public boolean queuesAfterHeaders() {
    return place == QueuePlace.AFTER_HEADERS || place == QueuePlace.BOTH;
  }
}
