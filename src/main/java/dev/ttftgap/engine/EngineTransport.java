package dev.ttftgap.engine;

/**
 * The Netty transport of the engine's sockets. The native ones are found by reflection (they are
 * not compile dependencies; Gatling brings them in test scope); when the one asked for is missing
 * or unsupported by the OS, the engine falls back to {@link #NIO}. {@link
 * EmbeddedEngine#transport()} says which one runs.
 */
public enum EngineTransport {
  /** Java NIO: available everywhere; timers round up to the millisecond. The default. */
  NIO,
  /** Linux epoll: microsecond timers, cheaper writes. */
  EPOLL,
  /**
   * Linux io_uring: writes of one event-loop iteration are submitted together, so a step's fan-out
   * to thousands of streams costs far fewer system calls. Ground-truth stamps are taken when a
   * chunk is queued, so they precede the kernel's send by up to one submission ring of writes (128
   * by default, ≈ 0.5 ms of loopback sends here): NIO and epoll write inside the call.
   */
  IO_URING
}
