package dev.ttftgap.analysis;

/**
 * Where a step's mean TTFT went: TTFT = TTFB + server queue + prefill (first-token compute) + rest
 * (transfer of the first token, client parsing, and what the server does outside the queue and the
 * prefill). Means, ms; a part is null when unknown, and the rest is then null too. The rest may
 * come out slightly negative: the server's histograms are cut by scrape times, the client's figures
 * by request starts.
 *
 * @param ttftMeanMillis the client's mean TTFT
 * @param ttfbMeanMillis the client's mean TTFB
 * @param serverQueueMeanMillis the server's mean queue time
 * @param prefillMeanMillis the server's mean prefill (scheduled → first token)
 * @param restMillis TTFT − TTFB − queue − prefill
 * @param source {@code "histograms"} (the server's {@code /metrics}, deltas over the step) or
 *     {@code "per-request"} (vLLM {@code metrics} / llama.cpp {@code timings} in the streams)
 */
public record GapDecomposition(
    Double ttftMeanMillis,
    Double ttfbMeanMillis,
    Double serverQueueMeanMillis,
    Double prefillMeanMillis,
    Double restMillis,
    String source) {}
