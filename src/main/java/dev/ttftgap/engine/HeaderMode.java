package dev.ttftgap.engine;

import java.util.Locale;

/** When the engine writes the response headers of a streaming request. */
public enum HeaderMode {
  /**
   * Headers (and the role-only chunk) as soon as the request is accepted, before it queues: what
   * vLLM and TGI do, so queueing shows in the TTFT − TTFB gap. The default.
   */
  AT_ACCEPT,
  /** Headers together with the first token, as SGLang and Ollama do: TTFB ≈ TTFT. */
  WITH_FIRST_TOKEN,
  /**
   * Headers and the whole body at the end, as behind a buffering proxy: TTFT ≈ end of stream. Still
   * {@code text/event-stream}, with a {@code Content-Length}.
   */
  BUFFERED;

  /** Parses {@code at-accept}, {@code with-first-token} or {@code buffered} (any case, - or _). */
  public static HeaderMode parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(
          "header mode must be at-accept, with-first-token or buffered, was '" + text + "'");
    }
  }
}
