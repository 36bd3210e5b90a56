package dev.ttftgap.analysis;

/**
 * One short window of a launch-spike run, by request start.
 *
 * @param startSeconds window start, seconds from the burst's start (negative before it)
 * @param requests requests that started in it (measured, any outcome)
 * @param ttftP50Millis p50 TTFT of its successful requests; null when none
 * @param ttftP95Millis p95 TTFT of its successful requests; null when none
 * @param inFlightMax the most requests in flight at once in the window (from the records)
 * @param serverWaiting the server's waiting requests, highest scrape in the window; null when the
 *     run scraped none in it (missing, not zero)
 * @param inBand true when p50 and p95 are both within the low-load band
 */
public record RecoveryWindow(
    double startSeconds,
    long requests,
    Double ttftP50Millis,
    Double ttftP95Millis,
    int inFlightMax,
    Double serverWaiting,
    boolean inBand) {}
