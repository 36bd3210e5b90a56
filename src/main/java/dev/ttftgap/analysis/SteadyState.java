package dev.ttftgap.analysis;

/**
 * Whether a step's queue held still while its load was applied (see {@link SteadyStateDetector}). A
 * step that meets the SLO limits while its queue grows is a <em>transient pass</em>: held longer,
 * it would break them.
 *
 * @param steady true when no test below found a growing queue
 * @param reason why the step is not steady, in words; null when steady
 * @param completionRatio completions of the step's requests two median sojourns after its window,
 *     over its arrivals (open model; ≈ 1 when the server keeps up); null in a closed run or when
 *     undefined
 * @param concurrencyFirstThird mean requests in flight over the first third of the settled window;
 *     null when undefined
 * @param concurrencyLastThird mean requests in flight over the last third of the settled window;
 *     null when undefined
 * @param concurrencyGrowthPerSec fitted growth of the requests in flight, requests per second; null
 *     when undefined
 * @param gapP50FirstThirdMillis median gap of the requests that started in the first third of the
 *     settled window, ms; null with fewer than {@value SteadyStateDetector#MIN_THIRD_SAMPLES}
 * @param gapP50LastThirdMillis median gap of the requests that started in the last third, ms; null
 *     with fewer than {@value SteadyStateDetector#MIN_THIRD_SAMPLES}
 * @param completionRatesPerThird successful completions per second (any request's) in each third of
 *     the settled window, requests/s: how steady the throughput was
 */
public record SteadyState(
    boolean steady,
    String reason,
    Double completionRatio,
    Double concurrencyFirstThird,
    Double concurrencyLastThird,
    Double concurrencyGrowthPerSec,
    Double gapP50FirstThirdMillis,
    Double gapP50LastThirdMillis,
    java.util.List<Double> completionRatesPerThird) {}
