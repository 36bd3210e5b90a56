package dev.ttftgap.analysis;

/**
 * One step of a previous report, as read back from its {@code capacity.json}; null figures are
 * undefined.
 */
public record PreviousRunStep(
    int step,
    Double rate,
    Double ttfbP50Millis,
    Double ttfbP95Millis,
    Double gapP50Millis,
    Double gapP95Millis) {}
