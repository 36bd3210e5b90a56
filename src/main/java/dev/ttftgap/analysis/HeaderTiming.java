package dev.ttftgap.analysis;

/** When the server sends its response headers, as the measured timings reveal it. */
public enum HeaderTiming {
  /** Headers at acceptance (vLLM, TGI): queueing and prefill show in the gap. */
  AT_ACCEPT,
  /** Headers with the first token (SGLang, Ollama): TTFB ≈ TTFT, the gap hides inside TTFB. */
  WITH_FIRST_TOKEN,
  /** The stream arrives in one piece (a buffering proxy): TTFT ≈ e2e, the proxy is measured. */
  BUFFERED,
  /**
   * Headers at acceptance, but acceptance itself waited under load (a step's verdict only, never
   * the run's): TTFB grew over the low-load step while the gap did not carry the growth, so the
   * queue sits before the headers (worker pool, gateway, accept backlog). See {@link QueueLocator}.
   */
  HELD_BY_QUEUE,
  /** No successful request with a first token. */
  UNKNOWN
}
