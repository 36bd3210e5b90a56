package dev.ttftgap.measure;

/** Names of the per-request rows in Gatling's report, one definition for the whole tree. */
public final class RowNames {
  /** SSE connect: send → headers. */
  public static final String TTFB = "ttfb";

  /** Check on the first content event; starts at the headers, so its time is the gap. */
  public static final String GAP = "gap";

  /** Check on {@code [DONE]}; starts at the first token. */
  public static final String DECODE = "decode";

  /** send → first token (logged by the project). */
  public static final String TTFT = "ttft";

  /** Mean inter-token latency of the request (logged by the project). */
  public static final String ITL = "itl";

  /** send → end of stream, one per request whatever its outcome (logged by the project). */
  public static final String E2E = "e2e";

  /** Close of a stream left open by a failure. */
  public static final String ABORT = "abort";

  private RowNames() {}
}
