package dev.ttftgap.analysis;

/**
 * The detected header timing and the medians it was decided on (see {@link HeaderTimingDetector});
 * medians are null when undefined.
 */
public record HeaderTimingVerdict(
    HeaderTiming timing,
    Double ttfbP50Millis,
    Double ttftP50Millis,
    Double gapP50Millis,
    Double e2eP50Millis,
    Double streamAfterFirstTokenP50Millis) {}
