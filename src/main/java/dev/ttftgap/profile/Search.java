package dev.ttftgap.profile;

/**
 * A search for the max sustainable rate (a profile's {@code "load": {"model": "search"}}): climb,
 * bisect, then hold the answer to prove it. The algorithm lives in {@code
 * dev.ttftgap.search.RateSearch}; this is its validated configuration.
 *
 * @param startRate first probe, requests/s
 * @param maxRate highest rate the search may offer, requests/s
 * @param growth factor between climbing probes (&gt; 1)
 * @param probeSeconds how long each probe offers its rate, s
 * @param holdSeconds how long the answer is held before it is reported, s
 * @param precisionPercent bisection stops when (fail − pass) / pass is at most this, percent
 * @param maxDurationSeconds bound on the whole search, warm-up included, s
 */
public record Search(
    double startRate,
    double maxRate,
    double growth,
    int probeSeconds,
    int holdSeconds,
    double precisionPercent,
    int maxDurationSeconds) {

  /** The same search starting and ending where the user says ({@code -Dsearch.startRate}…). */
  public Search within(java.util.Optional<Double> start, java.util.Optional<Double> max) {
    return new Search(
        start.orElse(startRate),
        max.orElse(maxRate),
        growth,
        probeSeconds,
        holdSeconds,
        precisionPercent,
        maxDurationSeconds);
  }
}
