package dev.ttftgap.measure;

/**
 * One report row as Gatling logged it: the SSE connect ({@link RowNames#TTFB}) or a check ({@link
 * RowNames#GAP}, {@link RowNames#DECODE}). Times are epoch milliseconds of the load generator's
 * clock; {@code message} is Gatling's failure message, null when ok.
 */
public record ObservedRow(
    String name, long startMillis, long endMillis, boolean ok, String message) {}
