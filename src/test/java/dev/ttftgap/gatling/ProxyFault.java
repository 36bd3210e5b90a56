package dev.ttftgap.gatling;

/**
 * What {@link FaultProxy} does to the answer of a request it picked (or, for {@link IdleClose}, to
 * every kept-alive connection): the faults a gateway or a network puts between client and server.
 */
sealed interface ProxyFault {
  /** Forward the response head, wait {@code pauseMillis} (the client reads it), then send a RST. */
  record ResetAfterHeaders(long pauseMillis) implements ProxyFault {}

  /**
   * Forward the head and the first {@code events} SSE events, then nothing; the socket stays open.
   */
  record StallMidStream(int events) implements ProxyFault {}

  /** Forward the whole answer {@code bytes} bytes at a time, {@code delayMillis} apart. */
  record Drip(int bytes, long delayMillis) implements ProxyFault {}

  /**
   * Close a client connection kept alive and idle for more than {@code idleMillis}, as gateways do.
   */
  record IdleClose(long idleMillis) implements ProxyFault {}

  /**
   * Forward the head and {@code events} events, then close upstream and end the client's side
   * (FIN).
   */
  record DropUpstream(int events) implements ProxyFault {}

  /** Forward untouched. */
  record None() implements ProxyFault {}
}
