package dev.ttftgap.engine;

/**
 * When a stream's {@link SimFault} strikes, counted in content tokens written, and the tokens a
 * stall holds back. Decides only: {@link ChatStream} writes the error, closes the connection or
 * schedules the stall's end.
 *
 * <p>Each fault strikes once, in this order when several are due at the same count: error, error
 * line, drop, stall, malformed event. Not thread-safe: lives on the engine thread.
 */
final class StreamFaults {
  /** What is due after a number of tokens. */
  enum Due {
    /** Nothing: carry on. */
    NONE,
    /** An error event (or a 500) ends the response. */
    ERROR,
    /** llama.cpp's {@code error:} line, then {@code data: [DONE]}, ends the response. */
    ERROR_LINE,
    /** The connection drops without a word. */
    DROP,
    /** Tokens are held back for {@link #stallMillis()}; {@link #release()} ends the stall. */
    STALL,
    /** One malformed event is written, then the stream carries on. */
    MALFORMED
  }

  /** The tokens a stall held back, and whether the last of them ends the stream. */
  record Held(int tokens, boolean last) {}

  private final SimFault fault;
  private boolean stalled;
  private boolean stallDone;
  private boolean malformedDone;
  private int heldTokens;
  private boolean heldLast;

  StreamFaults(SimFault fault) {
    this.fault = fault;
  }

  SimFault fault() {
    return fault;
  }

  long stallMillis() {
    return fault.stallMillis();
  }

  /**
   * What is due after {@code tokens} content tokens.
   *
   * @param tokenPending whether a token is waiting to be written (a stall then holds it)
   * @param last whether that token, or the end already reached, is the last
   */
  Due at(int tokens, boolean tokenPending, boolean last) {
    if (fault.errorAfterTokens() != null && fault.errorAfterTokens() == tokens) {
      return Due.ERROR;
    }
    if (fault.errorLineAfterTokens() != null && fault.errorLineAfterTokens() == tokens) {
      return Due.ERROR_LINE;
    }
    if (fault.dropAfterTokens() != null && fault.dropAfterTokens() == tokens) {
      return Due.DROP;
    }
    if (fault.stallAfterTokens() != null && fault.stallAfterTokens() == tokens && !stallDone) {
      stallDone = true;
      stalled = true;
      heldTokens = tokenPending ? 1 : 0;
      heldLast = last;
      return Due.STALL;
    }
    if (fault.malformedAfterTokens() != null
        && fault.malformedAfterTokens() == tokens
        && !malformedDone) {
      malformedDone = true;
      return Due.MALFORMED;
    }
    return Due.NONE;
  }

  /** Whether a stall is holding tokens back. */
  boolean stalled() {
    return stalled;
  }

  /** A token the scheduler produced during the stall. */
  void hold(boolean last) {
    heldTokens++;
    heldLast = last;
  }

  /** Ends the stall: the tokens it held, to be written now. */
  Held release() {
    Held held = new Held(heldTokens, heldLast);
    stalled = false;
    heldTokens = 0;
    heldLast = false;
    return held;
  }
}
