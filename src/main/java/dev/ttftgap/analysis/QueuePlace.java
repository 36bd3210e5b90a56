package dev.ttftgap.analysis;

/**
 * Where a step's TTFT grew over the low-load baseline (see {@link QueueLocator}): the seeds' rule
 * is that a TTFB that grows points at the connection, gateway or worker pool, a gap that grows at
 * the model's queue and prefill.
 */
public enum QueuePlace {
  /** TTFT within its low-load band: nothing queued that a user would feel. */
  NONE,
  /**
   * The growth is in TTFB: the request waited for its headers (a worker pool, a gateway's
   * connection limit, a load balancer's surge queue, a TCP accept backlog).
   */
  BEFORE_HEADERS,
  /** The growth is in the gap TTFT − TTFB: the server's scheduler queue and prefill. */
  AFTER_HEADERS,
  /** Both parts carry a sizeable share of the growth. */
  BOTH
}
