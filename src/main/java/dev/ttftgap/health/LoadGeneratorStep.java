package dev.ttftgap.health;

/**
 * The load generator's health over one step (or over the whole run). Null components were not
 * measured (no probe tick, no start, no GC in the window).
 *
 * @param step the step index; null for the whole run
 * @param seconds time covered by the samples, s
 * @param eventLoopDelayP50Millis median delay of the event-loop probe ticks, ms
 * @param eventLoopDelayP99Millis 99th percentile of it, ms: the upper bound of what the client
 *     added to 99 % of its timestamps
 * @param eventLoopDelayMaxMillis the largest, ms
 * @param stampDelayP99Millis per request, the longest event-loop stall its headers or first token
 *     was stamped in (0 outside any), 99th percentile over the step's requests, ms: the probe's
 *     delay as the requests met it (a stall during a wave of first tokens weighs as many times as
 *     the requests it held); null when the stalls or the records were not at hand
 * @param injectionLagP99Millis 99th percentile of the starts' lag behind plan, ms (open model: the
 *     injection schedule; closed: the previous request's end)
 * @param injectionLagMaxMillis the largest, ms
 * @param cpuCores CPU the whole load-generator process used, in cores (1.0 = one core busy)
 * @param cpuSharePercent the same as a percent of the processors available to it
 * @param gcPauses stop-the-world GC pauses
 * @param gcPauseTotalMillis their total, ms
 * @param gcPauseMaxMillis the longest, ms
 * @param heapAfterGcMaxBytes the largest heap in use after a GC, bytes
 * @param vouched whether the load generator vouches for the step's latencies (see {@link
 *     LoadGeneratorAnalysis}); null when nothing was measured
 * @param reason why not, e.g. {@code "event-loop delay p99 31 ms > 2 ms"}; null when vouched
 */
public record LoadGeneratorStep(
    Integer step,
    double seconds,
    Double eventLoopDelayP50Millis,
    Double eventLoopDelayP99Millis,
    Double eventLoopDelayMaxMillis,
    Double stampDelayP99Millis,
    Double injectionLagP99Millis,
    Double injectionLagMaxMillis,
    Double cpuCores,
    Double cpuSharePercent,
    int gcPauses,
    long gcPauseTotalMillis,
    Long gcPauseMaxMillis,
    Long heapAfterGcMaxBytes,
    Boolean vouched,
    String reason) {

  /** False only when the step was measured and the client cannot vouch for it. */
  public boolean unvouched() {
    return Boolean.FALSE.equals(vouched);
  }
}
