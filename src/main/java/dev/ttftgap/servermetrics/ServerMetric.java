package dev.ttftgap.servermetrics;

/**
 * What a metric family means, whatever a server calls it: the one name the embedded engine and the
 * analysis use; {@link MetricsDialect} maps it to each server's family name.
 */
public enum ServerMetric {
  /** Gauge: requests in the running batch. */
  RUNNING,
  /** Gauge: requests waiting to be scheduled. */
  WAITING,
  /** Gauge: KV-cache use as a fraction, 1 = full. */
  KV_CACHE_USAGE,
  /** Histogram, seconds: time in the waiting queue; observed when the request finishes. */
  QUEUE_TIME,
  /** Histogram, seconds: scheduling → first token (prefill); observed when it finishes. */
  PREFILL_TIME,
  /** Histogram, seconds: arrival at the server → first token. */
  TTFT,
  /** Histogram, seconds: arrival → last token. */
  E2E,
  /** Counter: prompt tokens processed. */
  PROMPT_TOKENS,
  /** Counter: generated tokens. */
  GENERATION_TOKENS,
  /** Counter: requests preempted. */
  PREEMPTIONS,
  /** Counter: prompt tokens looked up in the prefix cache. */
  PREFIX_CACHE_QUERIES,
  /** Counter: prompt tokens found in the prefix cache. */
  PREFIX_CACHE_HITS;

  /** True for the families whose samples are {@code _bucket}, {@code _sum}, {@code _count}. */
  public boolean histogram() {
    return this == QUEUE_TIME || this == PREFILL_TIME || this == TTFT || this == E2E;
  }
}
