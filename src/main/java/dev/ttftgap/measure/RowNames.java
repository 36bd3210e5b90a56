package dev.ttftgap.measure;

/**
 * Names of the per-request rows in Gatling's report, one definition for the whole tree. Only {@link
 * #TTFT} is a Gatling request (so Gatling's request counts are requests sent); the others are
 * timings shown as groups nested in the step's group, and {@link #TTFB}, {@link #GAP} and {@link
 * #DECODE} are also the names Gatling's SSE actions give the rows the project reads back.
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

  /** Mean inter-token latency of the request (a timing). */
  public static final String ITL = "itl";

  /** send → end of stream, one per request whatever its outcome (a timing). */
  public static final String E2E = "e2e";

  /** Close of a stream left open by a failure. */
  public static final String ABORT = "abort";

  private RowNames() {}
}
