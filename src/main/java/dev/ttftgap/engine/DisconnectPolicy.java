package dev.ttftgap.engine;

import java.util.Locale;

/** What the engine does with a request whose client has gone (closed or reset the connection). */
public enum DisconnectPolicy {
  /**
   * Removes the request from the waiting queue or the running batch at once, freeing its slot and
   * its KV cache: what vLLM does (it aborts a request when its client disconnects). The default.
   */
  ABORT,
  /**
   * Keeps the request's place: it waits, runs and ends as if its client were there, its output
   * discarded, so {@code /metrics} go on counting it (waiting, running) and a bounded HTTP worker
   * stays busy until its end. What a real llama.cpp {@code llama-server} was seen doing: 213
   * requests deferred after the run and 3.5 minutes of work for clients that had left.
   */
  RUN_ON;

  /** Parses {@code abort} or {@code run-on} (any case, - or _). */
  public static DisconnectPolicy parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(
          "disconnect policy must be abort or run-on, was '" + text + "'");
    }
  }

  /** The lower-case name users type: {@code abort} or {@code run-on}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
