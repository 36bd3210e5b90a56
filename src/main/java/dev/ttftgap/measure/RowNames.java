package dev.ttftgap.measure;

/**
 * Names of the per-request rows in Gatling's report, one definition for the whole tree. Only {@link
 * #TTFT} is a Gatling request (so Gatling's request counts are requests sent); {@link #TTFB} and
 * {@link #GAP} are timings shown as groups on its path ({@code step > ttfb > gap > ttft}), and with
 * {@link #DECODE} the names Gatling's SSE actions give the rows the project reads back.
 */
public final class RowNames {
  /** SSE connect: send → headers. */
  public static final String TTFB = "ttfb";

  /** Check on the first content event; starts at the headers, so its time is the gap. */
  public static final String GAP = "gap";

  /** Check on {@code [DONE]}; starts at the first token. */
  public static final String DECODE = "decode";

  /** send → first token: the one Gatling request per request, KO when the request failed. */
  public static final String TTFT = "ttft";

  /** Close of a stream left open by a failure. */
  public static final String ABORT = "abort";

  private RowNames() {}
}
